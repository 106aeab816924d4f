import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Psubcategory } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';

// DELETE /psubcategories/{id} (SPEC §7 Subcategories).

export const deletePsubcategory = (id: number) => http.delete(`/psubcategories/${id}`);

export function useDeletePsubcategory(subcategory: Pick<Psubcategory, 'id' | 'pcategory_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deletePsubcategory(subcategory.id),
    onSuccess: async () => {
      client.removeQueries({ queryKey: catalogKeys.pfields(subcategory.id) });
      await client.invalidateQueries({
        queryKey: catalogKeys.psubcategories(subcategory.pcategory_id),
      });
    },
  });
}
