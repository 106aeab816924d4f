import type { AuditLogTable, Executor } from '../../db/types';
import type { Insertable } from 'kysely';
import type { AuditAction } from '../../../shared/domain/audit';

// The audit trail's table (migration 028). Kysely only here.

export async function insertAuditEntry(
  db: Executor,
  values: Insertable<AuditLogTable>,
): Promise<void> {
  await db.insertInto('audit_log').values(values).execute();
}

export interface AuditFilter {
  action?: AuditAction;
  actorId?: number;
}

function filtered(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.actorId) query = query.where('audit_log.actor_id', '=', filter.actorId);
  return query;
}

/** A page of entries, newest first, with the actor's name while the account exists. */
export async function auditPage(db: Executor, filter: AuditFilter, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    filtered(db, filter)
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.actor_id',
        'audit_log.action',
        'audit_log.target_type',
        'audit_log.target_id',
        'audit_log.before',
        'audit_log.after',
        'audit_log.created_at',
        'users.id as actor_exists',
        'users.first_name',
        'users.last_name',
      ])
      .orderBy('audit_log.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
