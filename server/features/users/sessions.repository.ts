import type { Executor } from '../../db/types';

// The sessions table (DESIGN §3): rows keyed by the SHA-256 of the sid cookie.

export function findSession(db: Executor, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.role',
      'users.language',
      'sessions.expires_at',
      'sessions.last_seen_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function insertSession(
  db: Executor,
  values: {
    id: string;
    user_id: number;
    created_at: string;
    last_seen_at: string;
    expires_at: string;
    ip: string | null;
    user_agent: string | null;
  },
) {
  await db.insertInto('sessions').values(values).execute();
}

export async function touchSession(
  db: Executor,
  id: string,
  lastSeenAt: string,
  expiresAt: string,
) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteSession(db: Executor, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Every session of the user but `keep`. */
export async function deleteOtherSessions(db: Executor, userId: number, keep: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keep).execute();
}

/** Sessions past their expiry: the housekeeping timer drops them. */
export async function pruneExpiredSessions(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
