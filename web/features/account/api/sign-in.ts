import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginBody } from '../../../../shared/schemas/users';
import { http } from '../../../lib/http';
import { switchUser, type Me } from '../../../lib/use-me';

// POST /login (DESIGN §4): nothing of the visitor's cache stays (sign out: sign-out.ts).

export type LoginInput = z.input<typeof loginBody>;

export const signIn = (body: LoginInput) =>
  http.post<{ user: Me }>('/login', body).then((answer) => answer.user);

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signIn, onSuccess: (user) => switchUser(queryClient, user) });
}
