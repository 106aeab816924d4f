import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// DELETE /users/{id} (SPEC §7: then the home page).

export const deleteUser = (id: number) => http.delete(`/users/${id}`);

export function useDeleteUser(id: number) {
  return useMutation({ mutationFn: () => deleteUser(id) });
}
