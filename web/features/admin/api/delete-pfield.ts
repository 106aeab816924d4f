import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pfield } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';

// DELETE /pfields/{id} (SPEC §7 Fields).

export const deletePfield = (id: number) => http.delete(`/pfields/${id}`);

export function useDeletePfield(field: Pick<Pfield, 'id' | 'psubcategory_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deletePfield(field.id),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: catalogKeys.pfields(field.psubcategory_id) }),
  });
}
