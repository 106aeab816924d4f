import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../shared/schemas/audit';
import type { Pagination } from '../../../../shared/schemas/common';
import { http } from '../../../lib/http';
import { adminKeys } from './keys';

// Issue 34 item 4: GET /admin/audit?page=&action=&actor_id= → { entries: pagination }.

export interface AuditFilters {
  page: number;
  /** '' for every action. */
  action: string;
  actorId: number | null;
}

export function auditSearch({ page, action, actorId }: AuditFilters): string {
  const query = new URLSearchParams({ page: String(page) });
  if (action) query.set('action', action);
  if (actorId) query.set('actor_id', String(actorId));
  return query.toString();
}

export const fetchAudit = (filters: AuditFilters, signal?: AbortSignal) =>
  http
    .get<{ entries: Pagination<AuditEntry> }>(`/admin/audit?${auditSearch(filters)}`, { signal })
    .then((answer) => answer.entries);

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: adminKeys.audit(filters.page, filters.action, filters.actorId),
    queryFn: ({ signal }) => fetchAudit(filters, signal),
    placeholderData: (previous) => previous,
  });

export function useAudit(filters: AuditFilters) {
  return useQuery(auditQuery(filters));
}
