import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { savedSearchKeys } from '../../search';

// DELETE /searches/{id} (DESIGN §4) → 204.

export const deleteSearch = (id: number) => http.delete(`/searches/${id}`);

export function useDeleteSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
