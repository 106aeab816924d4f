import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Product } from '../../../../shared/schemas/products';
import { http } from '../../../lib/http';

// GET /products/product/{id}: one cache entry per product, shared by the product page and the
// details modal, and patched in place by the save, report and reaction controls.

export const productQueryKey = (id: number) => ['product', id] as const;

export const fetchProduct = (id: number, signal?: AbortSignal) =>
  http.get<{ product: Product }>(`/products/product/${id}`, { signal }).then((b) => b.product);

export function useProduct(id: number) {
  return useQuery({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => fetchProduct(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Changes a cached product (if it is cached) after an action answered. */
export function patchProduct(client: QueryClient, id: number, patch: Partial<Product>) {
  client.setQueryData<Product>(productQueryKey(id), (old) => (old ? { ...old, ...patch } : old));
}
