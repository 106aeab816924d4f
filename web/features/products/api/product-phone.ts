import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Phones } from '../../../../shared/schemas/insights';
import { http } from '../../../lib/http';
import { productKeys } from './keys';

// Numbers on tap (issue 19 item 5, issue 29 item 2): lists and pages carry no numbers; the call
// button asks GET /products/{id}/phone (an offer's shop), /shops/{id}/phone or /users/{id}/phone
// when the visitor reaches for it. Counted and rate-limited by the server, so they are asked once
// per page visit (never refetched) and only on the visitor's gesture.

/** Whose numbers: an offer's shop, a shop, or a user. */
export interface PhoneSource {
  kind: 'product' | 'shop' | 'user';
  id: number;
}

const PATHS: Record<PhoneSource['kind'], string> = {
  product: 'products',
  shop: 'shops',
  user: 'users',
};

export const fetchPhones = (source: PhoneSource, signal?: AbortSignal) =>
  http
    .get<{ phones: Phones }>(`/${PATHS[source.kind]}/${source.id}/phone`, { signal })
    .then((b) => b.phones);

export const phonesQuery = (source: PhoneSource) =>
  queryOptions({
    queryKey:
      source.kind === 'product'
        ? productKeys.phone(source.id)
        : (['phones', source.kind, source.id] as const),
    queryFn: ({ signal }) => fetchPhones(source, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** The numbers once asked for (`enabled` by the gesture that opens the menu). */
export function usePhones(source: PhoneSource, enabled: boolean) {
  return useQuery({ ...phonesQuery(source), enabled });
}

/** Starts asking on the first sign of intent (pointer down, focus), before the tap completes. */
export function usePrefetchPhones(source: PhoneSource) {
  const client = useQueryClient();
  return () => void client.prefetchQuery(phonesQuery(source));
}
