import { useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '../../../../shared/schemas/search';
import { http } from '../../../lib/http';

// The first offers of a user's personal shop, for their public page (SPEC §7:
// POST /products/shop/{id}/search). Offers posted in a professional shop are that shop's.

export const userOffersQueryKey = (shopId: number) => ['user', 'offers', shopId] as const;

export function fetchUserOffers(shopId: number, signal?: AbortSignal) {
  return http
    .post<SearchAnswer>(`/products/shop/${shopId}/search`, { type: 'offer', page: 1 }, { signal })
    .then((answer) => answer.products);
}

export function useUserOffers(shopId: number | undefined) {
  return useQuery({
    queryKey: userOffersQueryKey(shopId ?? 0),
    queryFn: ({ signal }) => fetchUserOffers(shopId!, signal),
    enabled: shopId !== undefined,
  });
}
