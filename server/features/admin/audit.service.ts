import type { DB, Executor } from '../../db/types';
import { now } from '../../db/connect';
import { forbidden } from '../../errors';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { can, type Viewer } from '../../../shared/domain/permissions';
import type { AuditAction, AuditTargetType } from '../../../shared/domain/audit';
import { toPagination } from '../../../shared/schemas/common';
import type { AuditEntry, AuditQuery } from '../../../shared/schemas/audit';
import * as repo from './audit.repository';

// The audit trail (issue 34 item 4; docs/operations.md "Audit trail"). Every staff action calls
// `recordAudit` with the transaction it runs in: the entry commits with the action or not at all.

type Snapshot = Record<string, unknown>;

/** Columns never copied into the trail, whatever a caller hands over. */
const SECRETS = new Set(['password_hash', 'session_id', 'token', 'code', 'code_hash']);

function scrub(snapshot: Snapshot | null | undefined): string | null {
  if (!snapshot) return null;
  const kept = Object.fromEntries(Object.entries(snapshot).filter(([k]) => !SECRETS.has(k)));
  return JSON.stringify(kept);
}

export interface AuditRecord {
  /** null: no person (the command line). */
  actorId: number | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  before?: Snapshot | null;
  after?: Snapshot | null;
}

export async function recordAudit(trx: Executor, record: AuditRecord): Promise<void> {
  await repo.insertAuditEntry(trx, {
    actor_id: record.actorId,
    action: record.action,
    target_type: record.targetType,
    target_id: record.targetId,
    before: scrub(record.before),
    after: scrub(record.after),
    created_at: now(),
  });
}

/** Only the fields of `keys` that differ between the two: an update's before and after. */
export function changedFields<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
): { before: Snapshot; after: Snapshot } | null {
  const changed = keys.filter((k) => before[k] !== after[k]);
  if (!changed.length) return null;
  const pick = (row: T) => Object.fromEntries(changed.map((k) => [k, row[k]]));
  return { before: pick(before), after: pick(after) };
}

const parse = (text: string | null): Snapshot | null =>
  text === null ? null : (JSON.parse(text) as Snapshot);

/** GET /admin/audit: site admins only (moderators read their own queue's log). */
export async function listAudit(db: DB, viewer: Viewer, query: AuditQuery) {
  if (!can.readAudit(viewer)) throw forbidden();
  const { rows, total } = await repo.auditPage(
    db,
    { action: query.action, actorId: query.actor_id },
    LIST_PAGE_SIZE,
    (query.page - 1) * LIST_PAGE_SIZE,
  );
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    actor:
      r.actor_id === null
        ? null
        : {
            id: r.actor_id,
            first_name: r.first_name ?? '',
            last_name: r.last_name ?? '',
            deleted: r.actor_exists === null,
          },
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    before: parse(r.before),
    after: parse(r.after),
    created_at: r.created_at,
  }));
  return toPagination(entries, total, query.page, LIST_PAGE_SIZE);
}
