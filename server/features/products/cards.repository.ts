import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../db/types';
import type { ProductType } from '../../../shared/schemas/products';
import type { ReactionKind } from '../../../shared/constants';
import { shopPhoneVerifiedAt } from '../shops/verified-phone.repository';
import { liveProduct } from './listing.repository';

// The compact card of SPEC §2 and the viewer's own state on many products at once.

/** Which of these products the user saved, reported, and reacted to (and how). */
export async function viewerMarks(db: Executor, userId: number, productIds: number[]) {
  if (!productIds.length)
    return {
      saved: new Set<number>(),
      reported: new Set<number>(),
      reactions: new Map<number, ReactionKind>(),
    };
  const [saves, reports, reactions] = await Promise.all([
    db
      .selectFrom('saves')
      .select('product_id')
      .where('user_id', '=', userId)
      .where('product_id', 'in', productIds)
      .execute(),
    db
      .selectFrom('reports')
      .select('product_id')
      .where('user_id', '=', userId)
      .where('product_id', 'in', productIds)
      .execute(),
    db
      .selectFrom('reactions')
      .select(['reactionable_id', 'name'])
      .where('user_id', '=', userId)
      .where('reactionable_type', '=', 'product')
      .where('reactionable_id', 'in', productIds)
      .execute(),
  ]);
  return {
    saved: new Set(saves.map((r) => r.product_id)),
    reported: new Set(reports.map((r) => r.product_id)),
    reactions: new Map(reactions.map((r) => [r.reactionable_id, r.name])),
  };
}

/** The name of a product's first file of `type` (by position), as a correlated subquery. */
function firstFileName(eb: ExpressionBuilder<Database, 'products'>, type: 'image' | 'video') {
  return eb
    .selectFrom('product_files')
    .select('product_files.name')
    .whereRef('product_files.product_id', '=', 'products.id')
    .where('product_files.type', '=', type)
    .orderBy('product_files.position')
    .orderBy('product_files.id')
    .limit(1);
}

/**
 * The pixel sizes of the file the card shows (its first image, else its first video's poster) as
 * `width,height,small_width,small_height` (one subquery for four numbers); null when unknown.
 */
function shownFileSizes(eb: ExpressionBuilder<Database, 'products'>) {
  return eb
    .selectFrom('product_files')
    .select(
      sql<
        string | null
      >`cast(product_files.width as text) || ',' || cast(product_files.height as text) || ',' || cast(product_files.small_width as text) || ',' || cast(product_files.small_height as text)`.as(
        'sizes',
      ),
    )
    .whereRef('product_files.product_id', '=', 'products.id')
    .orderBy(sql`case when product_files.type = 'image' then 0 else 1 end`)
    .orderBy('product_files.position')
    .orderBy('product_files.id')
    .limit(1);
}

/**
 * The columns of the compact card (SPEC §2): the product, its shop (not its numbers), and its first
 * image. Search and other lists add their own where/order/limit to this query.
 */
export function cardQuery(db: Executor) {
  return (
    db
      .selectFrom('products')
      .innerJoin('shops', 'shops.id', 'products.shop_id')
      .select([
        'products.id',
        'products.type',
        'products.name',
        'products.name_ar',
        'products.name_fr',
        'products.price',
        'products.offer_type',
        'products.negotiable',
        'products.number',
        'products.sold_count',
        'products.sold',
        'products.psubcategory_id',
        'products.saved_count',
        'products.comments_count',
        'products.commands_count',
        'products.like_count',
        'products.haha_count',
        'products.love_count',
        'products.wow_count',
        'products.sad_count',
        'products.angry_count',
        'products.created_at',
        'products.updated_at',
        'products.expires_at',
        'products.bumped_at',
        'products.sold_at',
        'shops.id as shop_id',
        'shops.name as shop_name',
        'shops.logo as shop_logo',
        'shops.is_professional as shop_is_professional',
      ])
      // Whether the card shows a call button; the numbers themselves come on tap (issue 19).
      .select((eb) =>
        eb
          .case()
          .when(
            eb.or([
              eb('shops.phone_1', 'is not', null),
              eb('shops.phone_2', 'is not', null),
              eb('shops.first_whatsapp_number', 'is not', null),
            ]),
          )
          .then(1)
          .else(0)
          .end()
          .as('shop_has_phone'),
      )
      .select((eb) => shopPhoneVerifiedAt(eb).as('shop_phone_verified_at'))
      // A rent offer's units (issue 32 item 7): its number when countable, else one.
      .select((eb) =>
        eb
          .selectFrom('psubcategories')
          .select('psubcategories.can_be_counted')
          .whereRef('psubcategories.id', '=', 'products.psubcategory_id')
          .as('can_be_counted'),
      )
      .select((eb) => firstFileName(eb, 'image').as('image_name'))
      // A product with videos only shows its first video's poster.
      .select((eb) => firstFileName(eb, 'video').as('video_name'))
      .select((eb) => shownFileSizes(eb).as('image_sizes'))
  );
}
export type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

export function similarCards(
  db: Executor,
  product: { id: number; type: ProductType; psubcategory_id: number },
  limit: number,
) {
  return (
    cardQuery(db)
      .where('products.psubcategory_id', '=', product.psubcategory_id)
      .where('products.type', '=', product.type)
      .where('products.id', '!=', product.id)
      .where(liveProduct())
      // "Newest": a bump (issue 32) moves an offer back to the top.
      .orderBy(sql`coalesce(products.bumped_at, products.created_at)`, 'desc')
      .orderBy('products.id', 'desc')
      .limit(limit)
      .execute()
  );
}

export async function favoriteCards(
  db: Executor,
  userId: number,
  type: ProductType,
  page: number,
  perPage: number,
) {
  const base = db
    .selectFrom('saves')
    .innerJoin('products', 'products.id', 'saves.product_id')
    .where('saves.user_id', '=', userId)
    .where('products.type', '=', type)
    .where('products.moderation_status', '=', 'visible');
  const [{ total }, ids] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select('products.id')
      .orderBy('saves.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  const order = ids.map((r) => r.id);
  const rows = order.length ? await cardQuery(db).where('products.id', 'in', order).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { total: Number(total), rows: order.map((id) => byId.get(id)!).filter(Boolean) };
}
