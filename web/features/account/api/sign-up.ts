import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerBody } from '../../../../shared/schemas/users';
import { http } from '../../../lib/http';
import { switchUser, type Me } from '../../../lib/use-me';

// POST /register (DESIGN §4): the new user is signed in; nothing of the visitor's cache stays.

export type RegisterInput = z.input<typeof registerBody>;

export const signUp = (body: RegisterInput) =>
  http.post<{ user: Me }>('/register', body).then((answer) => answer.user);

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signUp, onSuccess: (user) => switchUser(queryClient, user) });
}
