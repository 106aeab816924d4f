import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pcategory } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';
import type { FormBody } from './catalog-body';

// POST /pcategories/create (SPEC §7 Categories).

export const createPcategory = (body: FormBody) =>
  http.post<{ pcategory: Pcategory }>('/pcategories/create', body).then((a) => a.pcategory);

export function useCreatePcategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPcategory,
    onSuccess: () => client.invalidateQueries({ queryKey: catalogKeys.pcategories }),
  });
}
