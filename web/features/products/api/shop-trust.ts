import { useQuery } from '@tanstack/react-query';
import type { ShopTrust } from '../../../../shared/schemas/ratings';
import { http } from '../../../lib/http';

// GET /shops/{id}/trust (issue 32 item 8): the offer page's trust signals, read after hydration
// (not in the server's render: the page's cached HTML need not follow every new rating).

export function useShopTrust(shopId: number) {
  return useQuery({
    queryKey: ['shop-trust', shopId] as const,
    queryFn: ({ signal }) =>
      http.get<{ trust: ShopTrust }>(`/shops/${shopId}/trust`, { signal }).then((a) => a.trust),
    staleTime: 5 * 60_000,
  });
}
