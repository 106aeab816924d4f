import { useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { meKeys } from '../../../lib/use-me';
import { productKeys } from './keys';

// DELETE /products/{id} (DESIGN §4).

export const deleteProduct = (id: number) => http.delete(`/products/${id}`);

/** Deletes, then drops the product from the cache and has every list that showed it ask again. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  /** `deleted` runs as soon as the server answered, before the cache is cleaned. */
  return async (id: number, deleted?: () => void) => {
    await deleteProduct(id);
    deleted?.();
    queryClient.removeQueries({ queryKey: productKeys.detail(id) });
    // Its similar offers are not asked for again: the offer is gone (issue 20 item 17).
    const similar = productKeys.similar(id);
    await queryClient.cancelQueries({ queryKey: similar });
    queryClient.removeQueries({ queryKey: similar });
    // Lists that showed it (search, shop, saved…) ask again.
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] !== meKeys.all[0] &&
        JSON.stringify(query.queryKey) !== JSON.stringify(similar),
    });
  };
}
