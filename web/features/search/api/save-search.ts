import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../../../shared/schemas/searches';
import { http } from '../../../lib/http';
import { savedSearchKeys } from './keys';

// POST /searches (DESIGN §4): { name, query } → 201 `search`.

export const saveSearch = (input: { name: string; query: Record<string, unknown> }) =>
  http.post<{ search: SavedSearch }>('/searches', input).then((a) => a.search);

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
