import { useQuery } from '@tanstack/react-query';
import type { FrontendLog } from '../../../../shared/schemas/admin';
import type { Pagination } from '../../../../shared/schemas/common';
import { http } from '../../../lib/http';
import { adminKeys } from './keys';

// SPEC §7 Admin: GET /admin/frontends/logs?page= → { frontendsLogs: pagination }.

export function useFrontendLogs(page: number) {
  return useQuery({
    queryKey: adminKeys.frontendLogs(page),
    queryFn: ({ signal }) =>
      http
        .get<{ frontendsLogs: Pagination<FrontendLog> }>(`/admin/frontends/logs?page=${page}`, {
          signal,
        })
        .then((answer) => answer.frontendsLogs),
    placeholderData: (previous) => previous,
  });
}
