import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Shop } from '../../../../shared/schemas/shops';
import { http, HttpError } from '../../../lib/http';
import { shopKeys } from './keys';

// GET /shops/shop/{id} (DESIGN §4).

export const fetchShop = (id: number, signal?: AbortSignal) =>
  http.get<{ shop: Shop }>(`/shops/shop/${id}`, { signal }).then((answer) => answer.shop);

export const shopQuery = (id: number) =>
  queryOptions({
    queryKey: shopKeys.detail(id),
    queryFn: ({ signal }) => fetchShop(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
    // An unknown shop is an answer, not a failure to try again.
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });

export function useShop(id: number) {
  return useQuery(shopQuery(id));
}
