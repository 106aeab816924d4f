import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagination } from '../../../../shared/schemas/common';
import type {
  FavoritesAnswer,
  ProductCard,
  ProductType,
} from '../../../../shared/schemas/products';
import { http } from '../../../lib/http';
import { searchKeys } from './keys';

// POST /products/favorites/paginate {page, type}: the signed-in user's saved offers and demands.

export const fetchFavorites = (type: ProductType, page: number, signal?: AbortSignal) =>
  http
    .post<FavoritesAnswer>('/products/favorites/paginate', { page, type }, { signal })
    .then((a) => a.products);

export const favoritesQuery = (type: ProductType, page: number, enabled: boolean) =>
  queryOptions({
    queryKey: searchKeys.favorites(type, page),
    queryFn: ({ signal }) => fetchFavorites(type, page, signal),
    placeholderData: (previous) => previous,
    // Saves change from every screen (the save button): the list is read afresh on each visit.
    staleTime: 0,
    enabled,
  });

export function useFavorites(type: ProductType, page: number, enabled: boolean) {
  return useQuery(favoritesQuery(type, page, enabled));
}

/**
 * A save removed (by the card's save button, after its confirmation): the card leaves the saved
 * list at once, then the page is read again so the next save moves up into it.
 */
export function useDropSaved() {
  const queryClient = useQueryClient();
  return (id: number) => {
    queryClient.setQueriesData<Pagination<ProductCard>>(
      { queryKey: searchKeys.favoritesAll },
      (page) => (page ? { ...page, data: page.data.filter((product) => product.id !== id) } : page),
    );
    return queryClient.invalidateQueries({ queryKey: searchKeys.favoritesAll });
  };
}
