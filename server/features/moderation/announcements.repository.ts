import type { Executor } from '../../db/types';
import type { ModeratedType } from '../../../shared/domain/trust';

// The notifications an item held at its creation still owes (migration 023, issue 33 item 1).

const TABLE = {
  product: 'products',
  comment: 'comments',
  command: 'commands',
  rating: 'ratings',
} as const;
/** What announces itself at creation: all of them (a rating tells the shop since migration 034). */
export type AnnouncedType = ModeratedType;

/** The item was held as it was written: its creation's notifications wait for its release. */
export async function owe(db: Executor, type: AnnouncedType, id: number): Promise<void> {
  await db.updateTable(TABLE[type]).set({ announced: 0 }).where('id', '=', id).execute();
}

/**
 * Takes what a now visible item owes, once: true for the one caller that flips it (a second
 * release, or two moderators at once, find nothing to take).
 */
export async function take(db: Executor, type: AnnouncedType, id: number): Promise<boolean> {
  const result = await db
    .updateTable(TABLE[type])
    .set({ announced: 1 })
    .where('id', '=', id)
    .where('announced', '=', 0)
    .where('moderation_status', '=', 'visible')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
