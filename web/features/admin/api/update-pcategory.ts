import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pcategory } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';
import type { FormBody } from './catalog-body';

// PUT /pcategories/{id} (SPEC §7 Categories).

export const updatePcategory = (id: number, body: FormBody) =>
  http.put<{ pcategory: Pcategory }>(`/pcategories/${id}`, body).then((a) => a.pcategory);

export function useUpdatePcategory(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) => updatePcategory(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogKeys.pcategories }),
  });
}
