import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FrontendLog } from '../../../../shared/schemas/admin';
import type { Pagination } from '../../../../shared/schemas/common';
import { http } from '../../../lib/http';
import { adminKeys } from './keys';

// SPEC §7 Admin: GET /admin/frontends/logs?page= → { frontendsLogs: pagination }.

export const fetchFrontendLogs = (page: number, signal?: AbortSignal) =>
  http
    .get<{ frontendsLogs: Pagination<FrontendLog> }>(`/admin/frontends/logs?page=${page}`, {
      signal,
    })
    .then((answer) => answer.frontendsLogs);

export const frontendLogsQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.frontendLogs(page),
    queryFn: ({ signal }) => fetchFrontendLogs(page, signal),
    placeholderData: (previous) => previous,
  });

export function useFrontendLogs(page: number) {
  return useQuery(frontendLogsQuery(page));
}
