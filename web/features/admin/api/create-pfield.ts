import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pfield } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';
import type { FormBody } from './catalog-body';

// POST /pfields/create/{psubcategoryId} (SPEC §7 Fields).

export const createPfield = (psubcategoryId: number, body: FormBody) =>
  http
    .post<{ pfield: Pfield }>(`/pfields/create/${psubcategoryId}`, body)
    .then((answer) => answer.pfield);

export function useCreatePfield(psubcategoryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormBody) => createPfield(psubcategoryId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogKeys.pfields(psubcategoryId) }),
  });
}
