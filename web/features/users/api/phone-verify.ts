import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { meQueryKey, type Me } from '../../../lib/use-me';
import { userQueryKey } from './users';

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
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: userQueryKey(user.id) });
    },
  });
}
