import { useQuery } from '@tanstack/react-query';
import type { FrontendLog } from '../../../../shared/schemas/admin';
import type { Pagination } from '../../../../shared/schemas/common';
import { http } from '../../../lib/http';

// SPEC §7 Admin: GET /admin/frontends/logs?page= → { frontendsLogs: pagination }.

export const frontendLogsKey = (page: number) => ['admin', 'frontends-logs', page] as const;

export function useFrontendLogs(page: number) {
  return useQuery({
    queryKey: frontendLogsKey(page),
    queryFn: ({ signal }) =>
      http
        .get<{ frontendsLogs: Pagination<FrontendLog> }>(`/admin/frontends/logs?page=${page}`, {
          signal,
        })
        .then((answer) => answer.frontendsLogs),
    placeholderData: (previous) => previous,
  });
}
