import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import type { ReactionKind } from '../../../shared/constants';
import type { ReactionableType } from '../../../shared/schemas/reactions';

// Reactions and the per-kind counters of their target (a product, comment or command row).

const TABLE = { product: 'products', comment: 'comments', command: 'commands' } as const;
const counter = (kind: ReactionKind) => `${kind}_count` as const;

/**
 * The viewer's own reaction on each comment or command of a list (`viewer_reaction`), null for an
 * anonymous viewer: one subquery for both lists.
 */
export function viewerReaction(
  db: Executor,
  type: 'comment' | 'command',
  id: 'comments.id' | 'commands.id',
  viewerId: number | undefined,
) {
  return viewerId === undefined
    ? sql<ReactionKind | null>`null`.as('viewer_reaction')
    : db
        .selectFrom('reactions')
        .select('reactions.name')
        .where('reactions.user_id', '=', viewerId)
        .where('reactions.reactionable_type', '=', type)
        .where('reactions.reactionable_id', '=', sql.ref<number>(id))
        .as('viewer_reaction');
}

export interface Target {
  id: number;
  /** Who hears of a reaction: the product's shop, or the comment's or command's author. */
  shop_id: number | null;
  user_id: number | null;
  product_id: number;
  product_type: 'offer' | 'demand';
  /** The command whose thread the target is (the command itself, or a comment under it). */
  command_id: number | null;
}

export async function findTarget(
  db: Executor,
  type: ReactionableType,
  id: number,
): Promise<Target | undefined> {
  if (type === 'product') {
    const row = await db
      .selectFrom('products')
      .select(['id', 'shop_id', 'type'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        shop_id: row.shop_id,
        user_id: null,
        product_id: row.id,
        product_type: row.type as Target['product_type'],
        command_id: null,
      }
    );
  }
  const row = await db
    .selectFrom(TABLE[type])
    .innerJoin('products', 'products.id', `${TABLE[type]}.product_id`)
    .select([
      `${TABLE[type]}.id`,
      `${TABLE[type]}.user_id`,
      'products.id as product_id',
      'products.type',
    ])
    .where(`${TABLE[type]}.id`, '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const thread =
    type === 'comment'
      ? await db.selectFrom('comments').select('command_id').where('id', '=', id).executeTakeFirst()
      : { command_id: row.id };
  return {
    id: row.id,
    shop_id: null,
    user_id: row.user_id,
    product_id: row.product_id,
    product_type: row.type as Target['product_type'],
    command_id: thread?.command_id ?? null,
  };
}

const mine = (userId: number, type: ReactionableType, id: number) =>
  ({ user_id: userId, reactionable_type: type, reactionable_id: id }) as const;

export async function findReaction(
  db: Executor,
  userId: number,
  type: ReactionableType,
  id: number,
): Promise<ReactionKind | null> {
  const row = await db
    .selectFrom('reactions')
    .select('name')
    .where('user_id', '=', userId)
    .where('reactionable_type', '=', type)
    .where('reactionable_id', '=', id)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Adds the user's reaction unless they have one already (the unique key decides). */
export async function insertReaction(
  db: Executor,
  userId: number,
  type: ReactionableType,
  id: number,
  name: ReactionKind,
): Promise<boolean> {
  const row = await db
    .insertInto('reactions')
    .values({
      ...mine(userId, type, id),
      product_id: type === 'product' ? id : null,
      comment_id: type === 'comment' ? id : null,
      command_id: type === 'command' ? id : null,
      name,
      created_at: now(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'reactionable_type', 'reactionable_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** Deletes the user's reaction if it is still of this kind. */
export async function deleteReaction(
  db: Executor,
  userId: number,
  type: ReactionableType,
  id: number,
  name: ReactionKind,
): Promise<boolean> {
  const row = await db
    .deleteFrom('reactions')
    .where('user_id', '=', userId)
    .where('reactionable_type', '=', type)
    .where('reactionable_id', '=', id)
    .where('name', '=', name)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** Changes the user's reaction from one kind to another, if it is still of the first kind. */
export async function changeReaction(
  db: Executor,
  userId: number,
  type: ReactionableType,
  id: number,
  from: ReactionKind,
  to: ReactionKind,
): Promise<boolean> {
  const row = await db
    .updateTable('reactions')
    .set({ name: to, created_at: now() })
    .where('user_id', '=', userId)
    .where('reactionable_type', '=', type)
    .where('reactionable_id', '=', id)
    .where('name', '=', from)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** Moves the target's per-kind counters, in one statement. */
export async function bumpCounters(
  db: Executor,
  type: ReactionableType,
  id: number,
  changes: { kind: ReactionKind; delta: 1 | -1 }[],
): Promise<void> {
  // The three tables share the counter columns; 'products' stands for any of them to the types.
  const table = TABLE[type] as 'products';
  await db
    .updateTable(table)
    .set((eb) =>
      Object.fromEntries(
        changes.map(({ kind, delta }) => [counter(kind), eb(counter(kind), '+', delta)]),
      ),
    )
    .where('id', '=', id)
    .execute();
}

export function countersOf(db: Executor, type: ReactionableType, id: number) {
  const table = TABLE[type] as 'products';
  return db
    .selectFrom(table)
    .select(['like_count', 'haha_count', 'love_count', 'wow_count', 'sad_count', 'angry_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
