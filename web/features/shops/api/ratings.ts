import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagination } from '../../../../shared/schemas/common';
import type { Rating } from '../../../../shared/schemas/ratings';
import { http } from '../../../lib/http';
import { shopKeys } from './keys';

// GET /shops/{id}/ratings?page= and POST /ratings/{id}/answer (issue 32 item 5, DESIGN §4).

export const shopRatingsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: shopKeys.ratings(id, page),
    queryFn: ({ signal }) =>
      http
        .get<{ ratings: Pagination<Rating> }>(`/shops/${id}/ratings?page=${page}`, { signal })
        .then((answer) => answer.ratings),
  });

export function useShopRatings(id: number, page: number) {
  return useQuery({
    ...shopRatingsQuery(id, page),
    placeholderData: (previous, query) => (query?.queryKey[1] === id ? previous : undefined),
  });
}

/** The shop's one answer; the page of ratings is read again. */
export function useAnswerRating(shopId: number, ratingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      http.post<{ rating: Rating }>(`/ratings/${ratingId}/answer`, { text }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: [...shopKeys.detail(shopId), 'ratings'] }),
  });
}
