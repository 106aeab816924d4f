import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCard } from '../../../../shared/schemas/products';
import { http } from '../../../lib/http';
import { productKeys } from './keys';

// GET /products/similar/{id}: the cards under an offer (SPEC §2).

export const fetchSimilar = (id: number, signal?: AbortSignal) =>
  http
    .get<{ products: ProductCard[] }>(`/products/similar/${id}`, { signal })
    .then((b) => b.products);

export const similarQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.similar(id),
    queryFn: ({ signal }) => fetchSimilar(id, signal),
  });

export function useSimilar(id: number) {
  return useQuery(similarQuery(id));
}
