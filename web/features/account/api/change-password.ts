import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordBody } from '../../../../shared/schemas/users';
import { http } from '../../../lib/http';

// PUT /users/password (DESIGN §4).

export type PasswordInput = z.input<typeof passwordBody>;

export const changePassword = (body: PasswordInput) => http.put('/users/password', body);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
