import { http } from '../../../lib/http';

// DELETE /comments/{id} (SPEC §7).

export const deleteComment = (id: number) => http.delete<void>(`/comments/${id}`);
