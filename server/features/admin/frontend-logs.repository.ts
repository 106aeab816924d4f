import type { Executor } from '../../db/types';

export async function insertFrontendLog(
  db: Executor,
  values: { user_id: number | null; text: string; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('frontend_logs')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Keeps the newest `keep` logs: ids grow with time, so this is a range delete on the key. */
export async function pruneFrontendLogs(db: Executor, newestId: number, keep: number) {
  await db
    .deleteFrom('frontend_logs')
    .where('id', '<=', newestId - keep)
    .execute();
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
