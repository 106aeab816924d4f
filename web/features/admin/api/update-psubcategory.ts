import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Psubcategory } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';
import type { FormBody } from './catalog-body';

// PUT /psubcategories/{id} (SPEC §7 Subcategories).

export const updatePsubcategory = (id: number, body: FormBody) =>
  http
    .put<{ psubcategory: Psubcategory }>(`/psubcategories/${id}`, body)
    .then((answer) => answer.psubcategory);

export function useUpdatePsubcategory(subcategory: Pick<Psubcategory, 'id' | 'pcategory_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) => updatePsubcategory(subcategory.id, body),
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: catalogKeys.psubcategories(subcategory.pcategory_id),
      }),
  });
}
