import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '../../../../shared/schemas/search';
import { http } from '../../../lib/http';
import { userKeys } from './keys';

// The first offers of a user's personal shop, for their public page (SPEC §7:
// POST /products/shop/{id}/search). Offers posted in a professional shop are that shop's.

export function fetchUserOffers(shopId: number, signal?: AbortSignal) {
  return http
    .post<SearchAnswer>(`/products/shop/${shopId}/search`, { type: 'offer', page: 1 }, { signal })
    .then((answer) => answer.products);
}

export const userOffersQuery = (shopId: number | undefined) =>
  queryOptions({
    queryKey: userKeys.offers(shopId ?? 0),
    queryFn: ({ signal }) => fetchUserOffers(shopId!, signal),
    enabled: shopId !== undefined,
  });

export function useUserOffers(shopId: number | undefined) {
  return useQuery(userOffersQuery(shopId));
}
