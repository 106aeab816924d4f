import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginBody, passwordBody, registerBody } from '../../../../shared/schemas/users';
import { http } from '../../../lib/http';
import { switchUser, type Me } from '../../../lib/use-me';

// DESIGN §4: POST /register, POST /login, PUT /users/password (sign out: sign-out.ts).

export type RegisterInput = z.input<typeof registerBody>;
export type LoginInput = z.input<typeof loginBody>;
export type PasswordInput = z.input<typeof passwordBody>;

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterInput) =>
      http.post<{ user: Me }>('/register', body).then((answer) => answer.user),
    onSuccess: (user) => switchUser(queryClient, user),
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginInput) =>
      http.post<{ user: Me }>('/login', body).then((answer) => answer.user),
    onSuccess: (user) => switchUser(queryClient, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordInput) => http.put('/users/password', body),
  });
}
