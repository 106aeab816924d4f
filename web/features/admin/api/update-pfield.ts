import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pfield } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';
import type { FormBody } from './catalog-body';

// PUT /pfields/{id} (SPEC §7 Fields).

export const updatePfield = (id: number, body: FormBody) =>
  http.put<{ pfield: Pfield }>(`/pfields/${id}`, body).then((answer) => answer.pfield);

export function useUpdatePfield(field: Pick<Pfield, 'id' | 'psubcategory_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) => updatePfield(field.id, body),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: catalogKeys.pfields(field.psubcategory_id) }),
  });
}
