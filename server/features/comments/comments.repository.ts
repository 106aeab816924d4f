import type { Insertable } from 'kysely';
import type { CommentsTable, Executor } from '../../db/types';
import type { CommentableType } from '../../../shared/schemas/comments';
import { now } from '../../db/connect';
import { viewerReaction } from '../reactions/reactions.repository';

// The only Kysely code of comments. Every function takes the database or a transaction.

/** What a comment on a product needs to know about it. */
export function findProduct(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'shop_id', 'type', 'private', 'comments_count', 'sold_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Comments with their author and the viewer's own reaction. */
function selectComments(db: Executor, viewerId: number | undefined) {
  return db
    .selectFrom('comments')
    .leftJoin('users', 'users.id', 'comments.user_id')
    .selectAll('comments')
    .select([
      'users.first_name as user_first_name',
      'users.last_name as user_last_name',
      'users.photo as user_photo',
      // Issue 29 item 1: a banned author's item is shown as a hidden one is (staff and author).
      'users.banned_at as user_banned_at',
    ])
    .select(viewerReaction(db, 'comment', 'comments.id', viewerId));
}
export type CommentListRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[0];

export function findComment(db: Executor, id: number, viewerId?: number) {
  return selectComments(db, viewerId).where('comments.id', '=', id).executeTakeFirst();
}

/** A page of the comments on one product, command or comment, newest first. */
export function listComments(
  db: Executor,
  q: {
    type: CommentableType;
    id: number;
    viewerId?: number;
    seesHidden?: boolean;
    limit: number;
    offset: number;
  },
) {
  let query = selectComments(db, q.viewerId)
    .where('comments.commentable_type', '=', q.type)
    .where('comments.commentable_id', '=', q.id);
  // Issue 19: a comment not visible is shown to its author and site staff only; nor is a banned
  // author's (issue 29 item 1), as their offers are not, until the ban is lifted.
  if (!q.seesHidden) {
    const own = q.viewerId ?? -1;
    query = query.where((eb) =>
      eb.or([
        eb.and([
          eb('comments.moderation_status', '=', 'visible'),
          eb('users.banned_at', 'is', null),
        ]),
        eb('comments.user_id', '=', own),
      ]),
    );
  }
  return query
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
}

export async function insertComment(
  db: Executor,
  values: Omit<Insertable<CommentsTable>, 'created_at' | 'updated_at'>,
): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('comments')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateText(db: Executor, id: number, text: string): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ text, updated_at: now() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the comment; its replies (and theirs) go by the parent_id cascade. */
export async function deleteComment(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The commented item's comments_count moves by one, in the caller's transaction. */
export async function addToCommentsCount(
  db: Executor,
  target: { type: CommentableType; id: number },
  delta: 1 | -1,
): Promise<void> {
  const table = ({ product: 'products', command: 'commands', comment: 'comments' } as const)[
    target.type
  ];
  await db
    .updateTable(table)
    .set((eb) => ({ comments_count: eb('comments_count', '+', delta) }))
    .where('id', '=', target.id)
    .execute();
}
