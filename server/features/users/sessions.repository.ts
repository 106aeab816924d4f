import { compiledOnce } from '../../db/compiled-once';
import type { Executor } from '../../db/types';

// The sessions table (DESIGN §3): rows keyed by the SHA-256 of the sid cookie.

/**
 * The signed-in user of a session, if any. A banned user's sessions count as none (issue 29
 * item 1): the ban holds on every authenticated request, whichever way the session was made.
 */
// Built and compiled once: every signed-in request reads it (compiled-once.ts).
const sessionRow = compiledOnce(1, (db: Executor, id: string) =>
  db
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
    .where('users.banned_at', 'is', null),
);

export async function findSession(db: Executor, id: string) {
  const [row] = await sessionRow(db, id);
  return row;
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
  // Made only for a user who is not banned (issue 29 item 1): the services refuse a banned user
  // before this, but a ban landing in between must not leave a session behind.
  await db
    .insertInto('sessions')
    .columns(['id', 'user_id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          eb.val(values.id).as('id'),
          'users.id as user_id',
          eb.val(values.created_at).as('created_at'),
          eb.val(values.last_seen_at).as('last_seen_at'),
          eb.val(values.expires_at).as('expires_at'),
          eb.val(values.ip).as('ip'),
          eb.val(values.user_agent).as('user_agent'),
        ])
        .where('users.id', '=', values.user_id)
        .where('users.banned_at', 'is', null),
    )
    .execute();
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
