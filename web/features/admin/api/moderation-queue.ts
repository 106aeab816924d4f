import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '../../../../shared/schemas/common';
import type { ModerationItem } from '../../../../shared/schemas/trust';
import type {
  MODERATION_QUEUE_FILTERS,
  MODERATION_QUEUE_SORTS,
} from '../../../../shared/domain/trust';
import { http } from '../../../lib/http';
import { adminKeys } from './keys';

// Issue 19 (docs/trust.md): GET /admin/moderation?page=&status=&sort= → { items: pagination }.

export type QueueStatus = (typeof MODERATION_QUEUE_FILTERS)[number];
export type QueueSort = (typeof MODERATION_QUEUE_SORTS)[number];

export const fetchModerationQueue = (
  page: number,
  status: QueueStatus,
  sort: QueueSort,
  signal?: AbortSignal,
) =>
  http
    .get<{
      items: Pagination<ModerationItem>;
    }>(`/admin/moderation?page=${page}&status=${status}&sort=${sort}`, { signal })
    .then((answer) => answer.items);

export const moderationQueueQuery = (page: number, status: QueueStatus, sort: QueueSort) =>
  queryOptions({
    queryKey: adminKeys.moderationQueue(page, status, sort),
    queryFn: ({ signal }) => fetchModerationQueue(page, status, sort, signal),
    placeholderData: (previous) => previous,
  });

export function useModerationQueue(page: number, status: QueueStatus, sort: QueueSort) {
  return useQuery(moderationQueueQuery(page, status, sort));
}
