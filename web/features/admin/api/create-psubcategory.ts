import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Psubcategory } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';
import type { FormBody } from './catalog-body';

// POST /psubcategories/create/{pcategoryId} (SPEC §7 Subcategories).

export const createPsubcategory = (pcategoryId: number, body: FormBody) =>
  http
    .post<{ psubcategory: Psubcategory }>(`/psubcategories/create/${pcategoryId}`, body)
    .then((answer) => answer.psubcategory);

export function useCreatePsubcategory(pcategoryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) => createPsubcategory(pcategoryId, body),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: catalogKeys.psubcategories(pcategoryId) }),
  });
}
