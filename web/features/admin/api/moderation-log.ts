import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '../../../../shared/schemas/common';
import type { ModerationLogEntry } from '../../../../shared/schemas/trust';
import { http } from '../../../lib/http';
import { adminKeys } from './keys';

// Issue 19 (docs/trust.md): GET /admin/moderation/log?page= → { log: pagination }.

export const fetchModerationLog = (page: number, signal?: AbortSignal) =>
  http
    .get<{ log: Pagination<ModerationLogEntry> }>(`/admin/moderation/log?page=${page}`, { signal })
    .then((answer) => answer.log);

export const moderationLogQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.moderationLog(page),
    queryFn: ({ signal }) => fetchModerationLog(page, signal),
    placeholderData: (previous) => previous,
  });

export function useModerationLog(page: number) {
  return useQuery(moderationLogQuery(page));
}
