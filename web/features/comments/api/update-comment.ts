import { http } from '../../../lib/http';
import type { Comment } from './comment';

// PUT /comments/{id} { text } (SPEC §7).

export const updateComment = (id: number, text: string) =>
  http.put<{ comment: Comment }>(`/comments/${id}`, { text }).then((body) => body.comment);
