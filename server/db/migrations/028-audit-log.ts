import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 34 item 4 (docs/operations.md, "Audit trail"): one row per staff action, written in the
// transaction of the action: who (actor_id), what (action), on what (target_type, target_id),
// and the target before and after as JSON text (no secrets). No foreign keys: an entry outlives
// the account that made it and the row it names (kept at least a year; the app never purges it).
// Read newest first (ids grow with time: the primary key orders them), all or by action or by
// actor: an index for each filter.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function auditLog(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('actor_id', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_action')
        .on('audit_log')
        .columns(['action', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_actor')
        .on('audit_log')
        .columns(['actor_id', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
