import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopTrust } from '../../../../shared/schemas/ratings';
import { http } from '../../../lib/http';

// GET /shops/{id}/trust (issue 32 item 8): the offer page's trust signals. In the server's render
// (the page's prefetch), so that the row does not push the photos down when it arrives; a new
// rating is a write, which renews the kept pages (server/plugins/page-cache.ts).

export const shopTrustQuery = (shopId: number) =>
  queryOptions({
    queryKey: ['shop-trust', shopId] as const,
    queryFn: ({ signal }) =>
      http.get<{ trust: ShopTrust }>(`/shops/${shopId}/trust`, { signal }).then((a) => a.trust),
    staleTime: 5 * 60_000,
  });

export function useShopTrust(shopId: number) {
  return useQuery(shopTrustQuery(shopId));
}
