import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys, fetchPsubcategories } from '../../../lib/catalog';

// GET /psubcategories/pcategory/{id} (SPEC §7 Subcategories): the fetcher is the shared one
// (web/lib/catalog.ts), under the shared key.

export const psubcategoriesQuery = (pcategoryId: number) =>
  queryOptions({
    queryKey: catalogKeys.psubcategories(pcategoryId),
    queryFn: ({ signal }) => fetchPsubcategories(pcategoryId, signal),
  });

export function usePsubcategories(pcategoryId: number, enabled = true) {
  return useQuery({ ...psubcategoriesQuery(pcategoryId), enabled });
}
