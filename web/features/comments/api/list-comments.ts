import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { COMMENTS_PAGE_SIZE } from '../../../../shared/constants';
import { http } from '../../../lib/http';
import { seedComments, type Comment, type CommentableType } from './comment';

// POST /comments/{type}/{id} { limit, offset } (SPEC §7): a page of a product's, a comment's or a
// command's comments. Lists grow by 'show more' (show-more.ts), not by a query of their own; each
// comment loaded goes into the single-comment cache.

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

/** The page loader of a 'show more' list: one page, its comments seeded into the cache. */
export function useCommentsPageLoader(type: CommentableType, id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (offset: number, signal: AbortSignal) => {
      const page = await fetchComments(type, id, offset, COMMENTS_PAGE_SIZE, signal);
      seedComments(queryClient, page.comments);
      return { items: page.comments, total: page.total };
    },
    [type, id, queryClient],
  );
}
