import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '../../../../shared/schemas/searches';
import { http } from '../../../lib/http';
import { savedSearchKeys } from '../../search';

// GET /searches (DESIGN §4): the signed-in user's saved searches, newest first.

export const fetchSavedSearches = (signal?: AbortSignal) =>
  http.get<{ searches: SavedSearch[] }>('/searches', { signal }).then((a) => a.searches);

export const savedSearchesQuery = () =>
  queryOptions({
    queryKey: savedSearchKeys.list(),
    queryFn: ({ signal }) => fetchSavedSearches(signal),
  });

export function useSavedSearches(enabled = true) {
  return useQuery({ ...savedSearchesQuery(), enabled });
}
