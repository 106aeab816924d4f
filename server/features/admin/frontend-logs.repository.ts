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

export async function countFrontendLogs(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('frontend_logs')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Keeps the source's newest `keep` logs (ids grow with time): its older ones go, no one else's. */
export async function pruneSourceLogs(db: Executor, source: string, keep: number) {
  const boundary = await db
    .selectFrom('frontend_logs')
    .select('id')
    .where('source', '=', source)
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (!boundary) return;
  await db
    .deleteFrom('frontend_logs')
    .where('source', '=', source)
    .where('id', '<', boundary.id)
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
