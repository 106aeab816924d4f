import { http } from '../../../lib/http';
import type { Comment, CommentableType } from './comment';

// POST /comments/create/{type}/{id} { text } (SPEC §7).

export const createComment = (type: CommentableType, id: number, text: string) =>
  http
    .post<{ comment: Comment }>(`/comments/create/${type}/${id}`, { text })
    .then((body) => body.comment);
