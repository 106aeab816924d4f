import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginBody, passwordBody, registerBody } from '../../../../shared/schemas/users';
import { http } from '../../../lib/http';
import { meQueryKey, type Me } from '../../../lib/use-me';

// DESIGN §4: POST /register, POST /login, POST /logout, PUT /users/password.

export type RegisterInput = z.input<typeof registerBody>;
export type LoginInput = z.input<typeof loginBody>;
export type PasswordInput = z.input<typeof passwordBody>;

/** Whatever was cached for the previous visitor goes; `me` is replaced. */
function switchUser(queryClient: QueryClient, user: Me | null) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, user);
}

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

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post('/logout'),
    onSuccess: async () => {
      switchUser(queryClient, null);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordInput) => http.put('/users/password', body),
  });
}
