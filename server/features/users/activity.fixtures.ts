import { expect } from 'vitest';
import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import { REACTION_KINDS } from '../../../shared/constants';

// Direct inserts of saves, reports, reactions, comments and commands for tests of deletion, and
// the check that every counter equals the rows it counts.

type Target = 'product' | 'comment' | 'command';

export async function save(db: Executor, userId: number, productId: number) {
  await db
    .insertInto('saves')
    .values({ user_id: userId, product_id: productId, created_at: now() })
    .execute();
}

export async function report(db: Executor, userId: number, productId: number) {
  await db
    .insertInto('reports')
    .values({ user_id: userId, product_id: productId, created_at: now() })
    .execute();
}

export async function react(
  db: Executor,
  userId: number,
  type: Target,
  id: number,
  name: (typeof REACTION_KINDS)[number],
) {
  await db
    .insertInto('reactions')
    .values({
      user_id: userId,
      reactionable_type: type,
      reactionable_id: id,
      product_id: type === 'product' ? id : null,
      comment_id: type === 'comment' ? id : null,
      command_id: type === 'command' ? id : null,
      name,
      created_at: now(),
    })
    .execute();
}

export async function command(db: Executor, userId: number, productId: number) {
  const at = now();
  const row = await db
    .insertInto('commands')
    .values({
      user_id: userId,
      product_id: productId,
      number: 1,
      text: 'je prends',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A comment on a product, a command or another comment, placed in its thread. */
export async function comment(db: Executor, userId: number, type: Target, id: number) {
  let productId = id;
  let commandId: number | null = null;
  let parentId: number | null = null;
  let depth = 1;
  if (type === 'command') {
    const c = await db
      .selectFrom('commands')
      .select('product_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    productId = c.product_id;
    commandId = id;
  } else if (type === 'comment') {
    const parent = await db
      .selectFrom('comments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    productId = parent.product_id;
    commandId = parent.command_id;
    parentId = id;
    depth = parent.depth + 1;
  }
  const at = now();
  const row = await db
    .insertInto('comments')
    .values({
      user_id: userId,
      commentable_type: type,
      commentable_id: id,
      product_id: productId,
      command_id: commandId,
      parent_id: parentId,
      depth,
      text: 'salam',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const TABLES = { product: 'products', comment: 'comments', command: 'commands' } as const;

/** Every counter of products, comments and commands, next to the count of its rows. */
export async function counterMismatches(db: Executor): Promise<string[]> {
  const [saves, reports, comments, commands, reactions] = await Promise.all([
    db.selectFrom('saves').select('product_id').execute(),
    db.selectFrom('reports').select('product_id').execute(),
    db.selectFrom('comments').selectAll().execute(),
    db.selectFrom('commands').selectAll().execute(),
    db.selectFrom('reactions').selectAll().execute(),
  ]);
  const products = await db.selectFrom('products').selectAll().execute();
  const tally = (keys: string[]) => {
    const m = new Map<string, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const expected = tally([
    ...saves.map((s) => `products.${s.product_id}.saved_count`),
    ...reports.map((r) => `products.${r.product_id}.reports_count`),
    ...commands.map((c) => `products.${c.product_id}.commands_count`),
    ...comments.map(
      (c) => `${TABLES[c.commentable_type as Target]}.${c.commentable_id}.comments_count`,
    ),
    ...reactions.map(
      (r) => `${TABLES[r.reactionable_type as Target]}.${r.reactionable_id}.${r.name}_count`,
    ),
  ]);
  const mismatches: string[] = [];
  const check = (table: string, rows: { id: number }[], columns: string[]) => {
    for (const row of rows) {
      for (const column of columns) {
        const key = `${table}.${row.id}.${column}`;
        const actual = Number((row as unknown as Record<string, number>)[column]);
        const want = expected.get(key) ?? 0;
        if (actual !== want) mismatches.push(`${key}: ${actual} != ${want} rows`);
      }
    }
  };
  const reactionColumns = REACTION_KINDS.map((k) => `${k}_count`);
  check('products', products, [
    'saved_count',
    'reports_count',
    'comments_count',
    'commands_count',
    ...reactionColumns,
  ]);
  check('comments', comments, ['comments_count', ...reactionColumns]);
  check('commands', commands, ['comments_count', ...reactionColumns]);
  return mismatches;
}

/** Sets every counter from its rows (test setup only: the app moves counters with their rows). */
export async function recountAll(db: Executor): Promise<void> {
  const reactionColumns = REACTION_KINDS.map((k) => `${k}_count`);
  const zero = Object.fromEntries(reactionColumns.map((c) => [c, 0]));
  await db
    .updateTable('products')
    .set({ ...zero, saved_count: 0, reports_count: 0, comments_count: 0, commands_count: 0 })
    .execute();
  await db
    .updateTable('comments')
    .set({ ...zero, comments_count: 0 })
    .execute();
  await db
    .updateTable('commands')
    .set({ ...zero, comments_count: 0 })
    .execute();
  for (const line of await counterMismatches(db)) {
    const [table, id, column] = line.split(':')[0].split('.');
    const want = Number(line.split('!= ')[1].split(' ')[0]);
    await db
      .updateTable(table as 'products')
      .set({ [column]: want })
      .where('id', '=', Number(id))
      .execute();
  }
  expect(await counterMismatches(db)).toEqual([]);
}
