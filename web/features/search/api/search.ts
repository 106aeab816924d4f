import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchAnswer, SearchSource } from '../../../../shared/schemas/search';
import { http } from '../../../lib/http';
import { searchKeys } from './keys';

// POST /products/{source}/{id}/search (SPEC §7, DESIGN §4): every list of products on these
// screens is one.

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

export const searchQuery = (
  source: SearchSource,
  sourceId: number,
  body: Record<string, unknown>,
  options: { enabled?: boolean } = {},
) =>
  queryOptions({
    queryKey: searchKeys.search(source, sourceId, body),
    queryFn: ({ signal }) => searchProducts(source, sourceId, body, signal),
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
  });

/** One page of a search; the previous page stays on screen while the next one loads. */
export function useProductSearch(
  source: SearchSource,
  sourceId: number,
  body: Record<string, unknown>,
  options: { enabled?: boolean } = {},
) {
  return useQuery(searchQuery(source, sourceId, body, options));
}
