import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// Issue 34 item 5 (DESIGN §4): GET /users/me/export (a JSON file) and DELETE /users/me (password).

/** The export as the server wrote it: saved by the page as a file. */
export const fetchOwnData = () => http.get<{ exported_at: string }>('/users/me/export');

export const deleteAccount = (password: string) => http.delete('/users/me', { password });

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
