import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '../../../../shared/schemas/common';
import type { Pcategory } from '../../../../shared/schemas/catalog';
import { catalogKeys } from '../../../lib/catalog';
import { http } from '../../../lib/http';

// POST /pcategories/paginate { page } (SPEC §7 Categories): the admin's categories table.

export const fetchPcategoryPage = (page: number, signal?: AbortSignal) =>
  http
    .post<{ pcategories: Pagination<Pcategory> }>('/pcategories/paginate', { page }, { signal })
    .then((answer) => answer.pcategories);

export const pcategoryPageQuery = (page: number) =>
  queryOptions({
    queryKey: catalogKeys.pcategoryPage(page),
    queryFn: ({ signal }) => fetchPcategoryPage(page, signal),
    placeholderData: (previous) => previous,
  });

export function usePcategoryPage(page: number) {
  return useQuery(pcategoryPageQuery(page));
}
