import type { ProductType } from '../../../../shared/schemas/products';
import type { SearchSource } from '../../../../shared/schemas/search';

// The search feature's query keys (docs/web.md, "Data layer").

export const searchKeys = {
  /** One page of a search (the body holds the page and every criterion). */
  search: (source: SearchSource, sourceId: number, body: Record<string, unknown>) =>
    ['search', source, sourceId, body] as const,
  /** Every page of the signed-in user's saves. */
  favoritesAll: ['favorites'] as const,
  favorites: (type: ProductType, page: number) => ['favorites', type, page] as const,
  /** A page of the list of shops. */
  shops: (page: number) => ['shops', 'all', page] as const,
};

// The saved searches' keys: saving one (on the search page) refreshes the list in "My searches".
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: () => [...savedSearchKeys.all, 'list'] as const,
};
