import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../../../shared/schemas/searches';
import { http } from '../../../lib/http';
import { savedSearchKeys } from '../../search';

// POST /searches/{id}/seen (ours, docs/searches.md): the search is opened, its new matches seen.

export const markSearchSeen = (id: number) =>
  http.post<{ search: SavedSearch }>(`/searches/${id}/seen`).then((a) => a.search);

export function useMarkSearchSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSearchSeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
