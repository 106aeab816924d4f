import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductType } from '../../../../shared/schemas/products';
import type { SearchAnswer } from '../../../../shared/schemas/search';
import { http } from '../../../lib/http';
import { shopKeys } from './keys';

// POST /products/shop/{id}/search {type, page} (SPEC §7): the shop's offers and demands.

export const shopProductsQuery = (id: number, type: ProductType, page: number) =>
  queryOptions({
    queryKey: shopKeys.products(id, type, page),
    queryFn: ({ signal }) =>
      http
        .post<SearchAnswer>(`/products/shop/${id}/search`, { type, page }, { signal })
        .then((answer) => answer.products),
  });

export function useShopProducts(id: number, type: ProductType, page: number, enabled = true) {
  return useQuery({
    ...shopProductsQuery(id, type, page),
    enabled,
    // While the next page loads, the current one stays (same shop and list only).
    placeholderData: (previous, query) =>
      query?.queryKey[1] === id && query?.queryKey[3] === type ? previous : undefined,
  });
}
