import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CommentableType } from '../../../../shared/schemas/comments';
import type { Comment } from '../../../../shared/schemas/comments';
import { COMMENTS_PAGE_SIZE } from '../../../../shared/constants';
import { http } from '../../../lib/http';
import { commentKeys } from './keys';

// SPEC §7 comments calls, and the cache of single comments: every view of one comment (in a list,
// on its own page) reads the same entry, so an edit or a new reply shows everywhere at once.

export type { Comment, CommentableType };

export interface CommentsPage {
  comments: Comment[];
  total: number;
}

export function fetchComments(
  type: CommentableType,
  id: number,
  offset: number,
  limit: number = COMMENTS_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return http.post<CommentsPage>(`/comments/${type}/${id}`, { limit, offset }, { signal });
}

export const fetchComment = (id: number) =>
  http.get<{ comment: Comment }>(`/comments/comment/${id}`).then((body) => body.comment);

export const createComment = (type: CommentableType, id: number, text: string) =>
  http
    .post<{ comment: Comment }>(`/comments/create/${type}/${id}`, { text })
    .then((body) => body.comment);

export const updateComment = (id: number, text: string) =>
  http.put<{ comment: Comment }>(`/comments/${id}`, { text }).then((body) => body.comment);

export const deleteComment = (id: number) => http.delete<void>(`/comments/${id}`);

/** Puts comments of a list into the cache, unless a fresher copy is already there. */
export function seedComments(queryClient: QueryClient, comments: Comment[]) {
  for (const comment of comments) {
    if (!queryClient.getQueryData(commentKeys.item(comment.id))) {
      queryClient.setQueryData(commentKeys.item(comment.id), comment);
    }
  }
}

/** One comment from the cache (seeded by its list), fetched when it is not there (its own page). */
export function useComment(id: number, initial?: Comment) {
  return useQuery({
    queryKey: commentKeys.item(id),
    queryFn: () => fetchComment(id),
    initialData: initial,
    staleTime: Infinity,
  });
}

/** Changes one cached comment (after an edit, a new reply, a deleted reply). */
export function useUpdateCachedComment() {
  const queryClient = useQueryClient();
  return (id: number, change: (comment: Comment) => Comment) =>
    queryClient.setQueryData<Comment>(commentKeys.item(id), (old) => (old ? change(old) : old));
}
