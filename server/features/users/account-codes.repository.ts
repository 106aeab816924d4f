import type { Executor } from '../../db/types';

// The account_codes table (issue 21): one live code per (user, purpose).

export type CodePurpose = 'reset' | 'verify';

/** Replaces the user's code for `purpose` (a new code ends the previous one). */
export async function putCode(
  db: Executor,
  values: {
    user_id: number;
    purpose: CodePurpose;
    code_hash: string;
    target: string;
    expires_at: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .deleteFrom('account_codes')
    .where('user_id', '=', values.user_id)
    .where('purpose', '=', values.purpose)
    .execute();
  await db.insertInto('account_codes').values(values).execute();
}

/** The live code (not expired, tries left) of the user for `purpose`. */
export function findLiveCode(
  db: Executor,
  userId: number,
  purpose: CodePurpose,
  now: string,
  maxTries: number,
) {
  return db
    .selectFrom('account_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
}

/** Uses one try of the code; false when none was left (another request took the last). */
export async function spendTry(db: Executor, id: number, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable('account_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a try spent on the right code (a check before the reset, account-codes.ts). */
export async function giveTryBack(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('account_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('attempts', '>', 0)
    .execute();
}

/** Consumes the code; false when another request already did. */
export async function deleteCode(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('account_codes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every session of the user (a password reset ends them all before signing this device in). */
export async function deleteAllSessions(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function pruneExpiredCodes(db: Executor, now: string): Promise<number> {
  const result = await db
    .deleteFrom('account_codes')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
