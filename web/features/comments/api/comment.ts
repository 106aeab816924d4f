import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Comment, CommentableType } from '../../../../shared/schemas/comments';
import { http } from '../../../lib/http';
import { commentKeys } from './keys';

// GET /comments/comment/{id} (SPEC §7), and the cache of single comments: every view of one
// comment (in a list, on its own page) reads the same entry, so an edit or a new reply shows
// everywhere at once.

export type { Comment, CommentableType };

export const fetchComment = (id: number) =>
  http.get<{ comment: Comment }>(`/comments/comment/${id}`).then((body) => body.comment);

export const commentQuery = (id: number, initial?: Comment) =>
  queryOptions({
    queryKey: commentKeys.item(id),
    queryFn: () => fetchComment(id),
    initialData: initial,
    staleTime: Infinity,
  });

/** One comment from the cache (seeded by its list), fetched when it is not there (its own page). */
export function useComment(id: number, initial?: Comment) {
  return useQuery(commentQuery(id, initial));
}

/** Puts comments of a list into the cache, unless a fresher copy is already there. */
export function seedComments(queryClient: QueryClient, comments: Comment[]) {
  for (const comment of comments) {
    if (!queryClient.getQueryData(commentKeys.item(comment.id))) {
      queryClient.setQueryData(commentKeys.item(comment.id), comment);
    }
  }
}

/** Changes one cached comment (after an edit, a new reply, a deleted reply). */
export function useUpdateCachedComment() {
  const queryClient = useQueryClient();
  return (id: number, change: (comment: Comment) => Comment) =>
    queryClient.setQueryData<Comment>(commentKeys.item(id), (old) => (old ? change(old) : old));
}

/** Puts one comment in the cache as it is (just written). */
export function useSetCachedComment() {
  const queryClient = useQueryClient();
  return (comment: Comment) => queryClient.setQueryData(commentKeys.item(comment.id), comment);
}
