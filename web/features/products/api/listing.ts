import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { MyProductStatus } from '../../../../shared/constants';
import type { MyProductsAnswer, Product } from '../../../../shared/schemas/products';
import { http } from '../../../lib/http';
import { meKeys } from '../../../lib/use-me';
import { productKeys } from './keys';

// Issue 32 (DESIGN §4): renew, bump, mark sold and undo, and "My offers"
// (GET /users/me/products). An action's answer is the product: its cache entry takes it, and the
// lists that showed it (My offers, search, shop…) ask again.

export type ListingAction = 'renew' | 'bump' | 'sold' | 'unsold';

export const listingKeys = {
  all: ['my-products'] as const,
  page: (type: string, status: MyProductStatus, page: number) =>
    [...listingKeys.all, type, status, page] as const,
};

export function sendListingAction(id: number, action: ListingAction): Promise<Product> {
  const answer =
    action === 'unsold'
      ? http.delete<{ product: Product }>(`/products/${id}/sold`)
      : http.post<{ product: Product }>(`/products/${id}/${action}`);
  return answer.then((b) => b.product);
}

export function useListingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ListingAction }) =>
      sendListingAction(id, action),
    onSuccess: (product) => {
      client.setQueryData(productKeys.detail(product.id), product);
      void client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== meKeys.all[0] &&
          JSON.stringify(query.queryKey) !== JSON.stringify(productKeys.detail(product.id)),
      });
    },
  });
}

export const myProductsQuery = (type: 'offer' | 'demand', status: MyProductStatus, page: number) =>
  queryOptions({
    queryKey: listingKeys.page(type, status, page),
    queryFn: ({ signal }) =>
      http.get<MyProductsAnswer>(
        `/users/me/products?${new URLSearchParams({ type, status, page: String(page) })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useMyProducts(type: 'offer' | 'demand', status: MyProductStatus, page: number) {
  return useQuery(myProductsQuery(type, status, page));
}
