import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '../../../../shared/schemas/common';
import type { ShopSummary } from '../../../../shared/schemas/shops';
import { http } from '../../../lib/http';
import { searchKeys } from './keys';

// GET /shops/paginate/all/0?page= (SPEC §7): the shops' tab of the market.

export const fetchShopsPage = (page: number, signal?: AbortSignal) =>
  http
    .get<{ shops: Pagination<ShopSummary> }>(`/shops/paginate/all/0?page=${page}`, { signal })
    .then((a) => a.shops);

export const shopsPageQuery = (page: number) =>
  queryOptions({
    queryKey: searchKeys.shops(page),
    queryFn: ({ signal }) => fetchShopsPage(page, signal),
    placeholderData: (previous) => previous,
  });

export function useShopsPage(page: number) {
  return useQuery(shopsPageQuery(page));
}
