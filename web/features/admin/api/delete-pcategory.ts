import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';

// DELETE /pcategories/{id} (SPEC §7 Categories).

export const deletePcategory = (id: number) => http.delete(`/pcategories/${id}`);

export function useDeletePcategory(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deletePcategory(id),
    onSuccess: async () => {
      // Its subcategories (and their fields) went with it.
      client.removeQueries({ queryKey: catalogKeys.psubcategories(id) });
      await client.invalidateQueries({ queryKey: catalogKeys.pcategories });
    },
  });
}
