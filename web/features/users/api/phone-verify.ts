import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { meKeys, type Me } from '../../../lib/use-me';
import { userKeys } from './keys';

// Issue 21: POST /users/phone/verify/send (202: a code by SMS to phone_1) and
// POST /users/phone/verify {code} (the self view with phone_verified_at).

export const sendPhoneCode = () => http.post('/users/phone/verify/send');

export const verifyPhone = (code: string) =>
  http.post<{ user: Me }>('/users/phone/verify', { code }).then((answer) => answer.user);

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: (user) => {
      queryClient.setQueryData(meKeys.all, user);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(user.id) });
    },
  });
}
