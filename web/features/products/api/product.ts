import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Product } from '../../../../shared/schemas/products';
import { http } from '../../../lib/http';
import { productKeys } from './keys';

// GET /products/product/{id}: one cache entry per product, shared by the product page and the
// details modal, and patched in place by the save, report and reaction controls.

export const fetchProduct = (id: number, signal?: AbortSignal) =>
  http.get<{ product: Product }>(`/products/product/${id}`, { signal }).then((b) => b.product);

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => fetchProduct(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useProduct(id: number) {
  return useQuery(productQuery(id));
}

/** Changes a cached product (if it is cached) after an action answered. */
export function patchProduct(client: QueryClient, id: number, patch: Partial<Product>) {
  client.setQueryData<Product>(productKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
}
