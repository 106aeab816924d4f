import { useQueryClient } from '@tanstack/react-query';
import type { Product, ProductType } from '../../../../shared/schemas/products';
import { meKeys } from '../../../lib/use-me';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';
import { productKeys } from './keys';

// POST /products/create/{type} and PUT /products/{id} (DESIGN §4), multipart with upload
// progress; the catalogue the form picks from is web/lib/catalog.ts.

type Progress = (fraction: number) => void;

export const createProduct = (type: ProductType, form: FormData, onUploadProgress: Progress) =>
  http
    .post<{ product: Product }>(`/products/create/${type}`, form, { onUploadProgress })
    .then((b) => b.product);

export const updateProduct = (id: number, form: FormData, onUploadProgress: Progress) =>
  http
    .put<{ product: Product }>(`/products/${id}`, form, { onUploadProgress })
    .then((b) => b.product);

/**
 * Saves the form (a new product when `product` is null) and updates the cache: the product's own
 * entry, and every list that may show it (search, shop, saved…) asks again.
 */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return async (
    target: { id: number } | { type: ProductType },
    form: FormData,
    onUploadProgress: Progress,
  ) => {
    const saved =
      'id' in target
        ? await updateProduct(target.id, form, onUploadProgress)
        : await createProduct(target.type, form, onUploadProgress);
    queryClient.setQueryData(productKeys.detail(saved.id), saved);
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] !== meKeys.all[0] && query.queryKey[0] !== catalogKeys.all[0],
    });
    return saved;
  };
}
