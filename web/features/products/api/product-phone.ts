import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Phones } from '../../../../shared/schemas/insights';
import { http } from '../../../lib/http';
import { productKeys } from './keys';

// GET /products/{id}/phone (issue 19 item 5): lists carry no numbers; a card asks for its shop's
// when the visitor reaches for the call button. Counted and rate-limited by the server, so it is
// asked once per page visit (never refetched) and only on the visitor's gesture.

export const fetchProductPhone = (id: number, signal?: AbortSignal) =>
  http.get<{ phones: Phones }>(`/products/${id}/phone`, { signal }).then((b) => b.phones);

export const productPhoneQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.phone(id),
    queryFn: ({ signal }) => fetchProductPhone(id, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** The numbers once asked for (`enabled` by the gesture that opens the menu). */
export function useProductPhone(id: number, enabled: boolean) {
  return useQuery({ ...productPhoneQuery(id), enabled });
}

/** Starts asking on the first sign of intent (pointer down, focus), before the tap completes. */
export function usePrefetchProductPhone(id: number) {
  const client = useQueryClient();
  return () => void client.prefetchQuery(productPhoneQuery(id));
}
