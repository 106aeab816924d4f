import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/types';

// The live-stream limit across processes (issue 18, migration 019, docs/live-events.md): each open
// stream holds a lease on one of its user's `slots`, in the database that every process shares. A
// process renews the leases of its streams every LEASE_RENEW_MS; a lease not renewed for LEASE_MS
// (its process died, or lost the database) is free again, so a crashed process cannot lock a user
// out for longer than that.

/** How long a lease lives without renewal. */
export const LEASE_MS = 30_000;
/** How often a process renews the leases it holds (well within LEASE_MS). */
export const LEASE_RENEW_MS = 10_000;

export interface Lease {
  userId: number;
  slot: number;
  stream: string;
}

/**
 * Takes a free (or expired) slot of `userId` among `slots` for a stream of process `holder`; null
 * when every slot is held. Each attempt is one statement (insert, or take over an expired row), so
 * two processes racing for the last slot cannot both get it.
 */
export async function acquireLease(
  db: Executor,
  options: { userId: number; holder: string; slots: number; now?: number; leaseMs?: number },
): Promise<Lease | null> {
  const now = options.now ?? Date.now();
  const expiresAt = now + (options.leaseMs ?? LEASE_MS);
  const stream = randomUUID();
  for (let slot = 0; slot < options.slots; slot++) {
    const taken = await db
      .insertInto('stream_leases')
      .values({
        user_id: options.userId,
        slot,
        holder: options.holder,
        stream,
        expires_at: expiresAt,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'slot'])
          .doUpdateSet({ holder: options.holder, stream, expires_at: expiresAt })
          .where('stream_leases.expires_at', '<=', now),
      )
      .returning('slot')
      .executeTakeFirst();
    if (taken) return { userId: options.userId, slot, stream };
  }
  return null;
}

/** Pushes forward every lease of process `holder`; answers how many it still holds. */
export async function renewLeases(
  db: Executor,
  holder: string,
  options: { now?: number; leaseMs?: number } = {},
): Promise<number> {
  const expiresAt = (options.now ?? Date.now()) + (options.leaseMs ?? LEASE_MS);
  const result = await db
    .updateTable('stream_leases')
    .set({ expires_at: expiresAt })
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Frees one stream's slot (only if it is still that stream's: an expired one may be taken over). */
export async function releaseLease(db: Executor, lease: Lease): Promise<void> {
  await db
    .deleteFrom('stream_leases')
    .where('user_id', '=', lease.userId)
    .where('slot', '=', lease.slot)
    .where('stream', '=', lease.stream)
    .execute();
}

/** How many unexpired leases `userId` holds (tests, metrics). */
export async function countLeases(db: Executor, userId: number, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('stream_leases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes leases that ran out (their slots are free anyway); the housekeeping timer calls it. */
export async function pruneExpiredLeases(db: Executor, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('stream_leases')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
