import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { REACTION_KINDS } from '../../../shared/constants';

// Deleting a user (DESIGN §5): their own rows go, and every counter of what remains drops by
// exactly the rows that went. Each delete returns the rows it actually removed, and the counters
// are taken down by those (x = x - n, in the same transaction): exact even when other requests
// add or remove rows on the same products at the same time, where a recount from a statement
// snapshot could miss a row committed meanwhile on PostgreSQL.

type CountedTable = 'products' | 'comments' | 'commands';
const TABLE_OF: Record<string, CountedTable> = {
  product: 'products',
  comment: 'comments',
  command: 'commands',
};
const CHUNK = 500;

/** How much each counter of each row goes down. */
class Decrements {
  private readonly amounts = new Map<string, number>();

  add(table: CountedTable | undefined, column: string, id: number | null): void {
    if (!table || id === null) return;
    const key = `${table}|${column}|${id}`;
    this.amounts.set(key, (this.amounts.get(key) ?? 0) + 1);
  }

  async apply(db: Executor): Promise<void> {
    // One UPDATE per (table, column, amount), over chunks of ids.
    const groups = new Map<string, number[]>();
    for (const [key, by] of this.amounts) {
      const [table, column, id] = key.split('|');
      const group = `${table}|${column}|${by}`;
      groups.set(group, [...(groups.get(group) ?? []), Number(id)]);
    }
    for (const [group, ids] of groups) {
      const [table, column, by] = group.split('|');
      for (let i = 0; i < ids.length; i += CHUNK) {
        await db
          .updateTable(table as CountedTable)
          .set({ [column]: sql<number>`${sql.ref(column)} - ${Number(by)}` })
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .execute();
      }
    }
  }
}

const reactionColumn = (name: string) =>
  (REACTION_KINDS as readonly string[]).includes(name) ? `${name}_count` : null;

/** On PostgreSQL, holds the user row so that nothing new can reference it before it goes. */
export async function lockUser(db: Executor, dialect: Dialect, userId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Deletes the user's saves, reports and reactions, and takes down the counters they fed:
 * products' saved_count, reports_count and reaction counts; comments' and commands' reaction
 * counts. The user's comments and commands stay for the other party (issue 34 item 5): deleting
 * the user row sets their `user_id` to null (migration 033), so comments_count, commands_count and
 * sold_count, which count them, stay as they are. (Those under the user's own offers go with the
 * offers, by FK cascade, in users.service.)
 */
export async function removeActivity(db: Executor, userId: number): Promise<void> {
  const down = new Decrements();
  const saves = await db
    .deleteFrom('saves')
    .where('user_id', '=', userId)
    .returning('product_id')
    .execute();
  for (const s of saves) down.add('products', 'saved_count', s.product_id);
  const reports = await db
    .deleteFrom('reports')
    .where('user_id', '=', userId)
    .returning('product_id')
    .execute();
  for (const r of reports) down.add('products', 'reports_count', r.product_id);
  const reactions = await db
    .deleteFrom('reactions')
    .where('user_id', '=', userId)
    .returning(['reactionable_type', 'reactionable_id', 'name'])
    .execute();
  for (const r of reactions) {
    const column = reactionColumn(r.name);
    if (column) down.add(TABLE_OF[r.reactionable_type], column, r.reactionable_id);
  }
  await down.apply(db);
}

/**
 * The user row; sessions, staff places and notifications go by FK cascade; their comments and
 * commands stay with `user_id` set to null (FK `on delete set null`, migration 033).
 */
export async function deleteUserRow(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
