import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys, fetchPfields } from '../../../lib/catalog';

// GET /pfields/psubcategory/{id} (SPEC §7 Fields): the fetcher is the shared one
// (web/lib/catalog.ts), under the shared key.

export const pfieldsQuery = (psubcategoryId: number) =>
  queryOptions({
    queryKey: catalogKeys.pfields(psubcategoryId),
    queryFn: ({ signal }) => fetchPfields(psubcategoryId, signal),
  });

export function usePfields(psubcategoryId: number, enabled = true) {
  return useQuery({ ...pfieldsQuery(psubcategoryId), enabled });
}
