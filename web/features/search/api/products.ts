import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FavoritesAnswer,
  ProductCard,
  ProductType,
} from '../../../../shared/schemas/products';
import type { SearchAnswer, SearchSource } from '../../../../shared/schemas/search';
import type { ShopSummary } from '../../../../shared/schemas/shops';
import type { Pagination } from '../../../../shared/schemas/common';
import { http } from '../../../lib/http';
import { searchKeys } from './keys';

// SPEC §7 and DESIGN §4: the search (every list of products on these screens is one), the
// shops' list, and the signed-in user's saved offers and demands.

export const searchProducts = (
  source: SearchSource,
  sourceId: number,
  body: Record<string, unknown>,
  signal?: AbortSignal,
) =>
  http
    .post<SearchAnswer>(`/products/${source}/${sourceId}/search`, body, { signal })
    // The page, and what the search understood of the words (issue 17: shown above the results).
    .then((a) => ({ ...a.products, interpreted: a.interpreted ?? null }));

/** One page of a search; the previous page stays on screen while the next one loads. */
export function useProductSearch(
  source: SearchSource,
  sourceId: number,
  body: Record<string, unknown>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: searchKeys.search(source, sourceId, body),
    queryFn: ({ signal }) => searchProducts(source, sourceId, body, signal),
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
  });
}

export function useShopsPage(page: number) {
  return useQuery({
    queryKey: searchKeys.shops(page),
    queryFn: ({ signal }) =>
      http
        .get<{ shops: Pagination<ShopSummary> }>(`/shops/paginate/all/0?page=${page}`, { signal })
        .then((a) => a.shops),
    placeholderData: (previous) => previous,
  });
}

export function useFavorites(type: ProductType, page: number, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.favorites(type, page),
    queryFn: ({ signal }) =>
      http
        .post<FavoritesAnswer>('/products/favorites/paginate', { page, type }, { signal })
        .then((a) => a.products),
    placeholderData: (previous) => previous,
    // Saves change from every screen (the save button): the list is read afresh on each visit.
    staleTime: 0,
    enabled,
  });
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
