import { sql } from 'kysely';
import type { Executor } from '../../db/types';

export async function insertFrontendLog(
  db: Executor,
  values: { user_id: number | null; text: string; created_at: string; source: string },
): Promise<number> {
  const row = await db
    .insertInto('frontend_logs')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A log's size: the UTF-8 bytes of its text (both engines; SQLite reads it from the header). */
const bytesOf = sql<number>`octet_length(text)`;

/** The logs and bytes the table holds. */
export async function frontendLogTotals(db: Executor): Promise<{ logs: number; bytes: number }> {
  const row = await db
    .selectFrom('frontend_logs')
    .select((eb) => [
      eb.fn.countAll<number>().as('logs'),
      eb.fn.coalesce(eb.fn.sum<number>(bytesOf), sql<number>`0`).as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  return { logs: Number(row.logs), bytes: Number(row.bytes) };
}

/** How many logs the table holds (an index count: cheap enough for every insert). */
export async function countFrontendLogs(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('frontend_logs')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Every source's logs and bytes (logs without a source, from before migration 006, apart). */
export async function sourceTotals(
  db: Executor,
): Promise<{ source: string; logs: number; bytes: number }[]> {
  const rows = await db
    .selectFrom('frontend_logs')
    .select((eb) => [
      'source',
      eb.fn.countAll<number>().as('logs'),
      eb.fn.sum<number>(bytesOf).as('bytes'),
    ])
    .where('source', 'is not', null)
    .groupBy('source')
    .execute();
  return rows.map((r) => ({ source: r.source!, logs: Number(r.logs), bytes: Number(r.bytes) }));
}

/** Deletes the table's `count` oldest logs, whoever sent them. */
export async function deleteOldest(db: Executor, count: number) {
  const last = await db
    .selectFrom('frontend_logs')
    .select('id')
    .orderBy('id')
    .offset(count - 1)
    .limit(1)
    .executeTakeFirst();
  if (last) await db.deleteFrom('frontend_logs').where('id', '<=', last.id).execute();
}

/** A source's logs, newest or oldest first (ids grow with time), with their sizes. */
export async function sourceLogSizes(
  db: Executor,
  source: string,
  order: 'newest' | 'oldest',
  limit: number,
): Promise<{ id: number; bytes: number }[]> {
  const rows = await db
    .selectFrom('frontend_logs')
    .select(['id', bytesOf.as('bytes')])
    .where('source', '=', source)
    .orderBy('id', order === 'newest' ? 'desc' : 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, bytes: Number(r.bytes) }));
}

/** Deletes a source's logs up to `throughId` included (its oldest): no one else's. */
export async function deleteSourceLogsThrough(db: Executor, source: string, throughId: number) {
  await db
    .deleteFrom('frontend_logs')
    .where('source', '=', source)
    .where('id', '<=', throughId)
    .execute();
}

/** Logs written before `before` (ISO time): oldest first, by age only. */
export async function pruneFrontendLogsBefore(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('frontend_logs')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Newest first, with the signed-in user who sent each (if any). */
export async function pageFrontendLogs(db: Executor, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('frontend_logs')
      .leftJoin('users', 'users.id', 'frontend_logs.user_id')
      .select([
        'frontend_logs.id',
        'frontend_logs.text',
        'frontend_logs.created_at',
        'frontend_logs.user_id',
        'users.first_name',
        'users.last_name',
        'users.phone_1',
      ])
      .orderBy('frontend_logs.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('frontend_logs')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
export type FrontendLogRow = Awaited<ReturnType<typeof pageFrontendLogs>>['rows'][number];
