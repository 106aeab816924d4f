import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotBody, resetBody, resetCodeBody } from '../../../../shared/schemas/users';
import { http } from '../../../lib/http';
import { switchUser, type Me } from '../../../lib/use-me';

// Issue 21: POST /password/forgot (202, the same for unknown logins), POST /password/code (204:
// the code is right, checked before the new password is typed, issue 35 item 15) and
// POST /password/reset (204, signed in: the new session's user is read back from GET /users/me).

export type ForgotInput = z.input<typeof forgotBody>;
export type ResetInput = z.input<typeof resetBody>;
export type ResetCodeInput = z.input<typeof resetCodeBody>;

export const forgotPassword = (body: ForgotInput) => http.post('/password/forgot', body);

export const checkResetCode = (body: ResetCodeInput) => http.post('/password/code', body);

export async function resetPassword(body: ResetInput): Promise<Me | null> {
  await http.post('/password/reset', body);
  return (await http.get<{ user: Me | null }>('/users/me')).user;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useCheckResetCode() {
  return useMutation({ mutationFn: checkResetCode });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      if (user) switchUser(queryClient, user);
    },
  });
}
