import type { Executor } from '../../db/types';

// What the site holds about one user (issue 34 item 5, GET /users/me/export). Each read names
// its columns: never the password hash, session ids, one-time codes, other people's reports or
// the search index's own columns. Kysely only here.

export function account(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone_1',
      'phone_2',
      'whatsapp_number',
      'photo',
      'cover',
      'more_infos',
      'role',
      'language',
      'phone_verified_at',
      'sms_alerts',
      'banned_at',
      'ban_reason',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The shops the user is on the staff of, with their role (the staff lists are others' data). */
export function memberships(db: Executor, userId: number) {
  return db
    .selectFrom('shop_employees')
    .innerJoin('shops', 'shops.id', 'shop_employees.shop_id')
    .select([
      'shops.id',
      'shops.name',
      'shops.logo',
      'shops.cover',
      'shops.description',
      'shops.phone_1',
      'shops.phone_2',
      'shops.first_whatsapp_number',
      'shops.second_whatsapp_number',
      'shops.email',
      'shops.more_infos',
      'shops.is_professional',
      'shops.latitude',
      'shops.longitude',
      'shops.pcategory_id',
      'shops.created_at',
      'shops.updated_at',
      'shop_employees.role',
    ])
    .where('shop_employees.user_id', '=', userId)
    .orderBy('shops.id')
    .execute();
}

/** Offers and demands of the shops the user owns, and those they posted in other shops. */
export function products(db: Executor, userId: number, shopIds: number[]) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'type',
      'shop_id',
      'psubcategory_id',
      'name',
      'name_ar',
      'name_fr',
      'more_infos_ar',
      'more_infos_fr',
      'description',
      'price',
      'offer_type',
      'negotiable',
      'used',
      'delivery',
      'private',
      'number',
      'sold_count',
      'latitude',
      'longitude',
      'distance',
      'contact_methods',
      'moderation_status',
      'created_at',
      'updated_at',
    ])
    .where((eb) =>
      shopIds.length
        ? eb.or([eb('shop_id', 'in', shopIds), eb('user_id', '=', userId)])
        : eb('user_id', '=', userId),
    )
    .orderBy('id')
    .execute();
}

export function productFiles(db: Executor, productIds: number[]) {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_files')
    .select(['product_id', 'type', 'name', 'extension', 'position'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}

export function productFields(db: Executor, productIds: number[]) {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_pfield')
    .select(['product_id', 'pfield_id', 'value', 'sub_value'])
    .where('product_id', 'in', productIds)
    .execute();
}

export function comments(db: Executor, userId: number) {
  return db
    .selectFrom('comments')
    .select(['id', 'commentable_type', 'commentable_id', 'product_id', 'text', 'created_at'])
    .select(['updated_at', 'moderation_status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function commands(db: Executor, userId: number) {
  return db
    .selectFrom('commands')
    .select(['id', 'product_id', 'price', 'number', 'period', 'private', 'text', 'sold'])
    .select(['created_at', 'updated_at', 'moderation_status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function reactions(db: Executor, userId: number) {
  return db
    .selectFrom('reactions')
    .select(['reactionable_type', 'reactionable_id', 'name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function saves(db: Executor, userId: number) {
  return db
    .selectFrom('saves')
    .select(['product_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function savedSearches(db: Executor, userId: number) {
  return db
    .selectFrom('saved_searches')
    .select(['id', 'name', 'query', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function notifications(db: Executor, userId: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'type', 'data', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * Seller ratings (issue 32 item 5): those the user wrote, and those received by the shops they own
 * (read by `shops.id`, never by who asks). The buyers of received ratings are theirs: no buyer id or
 * name, only what the rating says and the shop's answer.
 */
export async function ratings(db: Executor, userId: number, ownedShopIds: number[]) {
  const columns = ['id', 'shop_id', 'product_id', 'stars', 'text', 'answer_text'] as const;
  const more = ['answered_at', 'moderation_status', 'created_at', 'updated_at'] as const;
  const [given, received] = await Promise.all([
    db
      .selectFrom('ratings')
      .select([...columns, ...more, 'command_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    ownedShopIds.length
      ? db
          .selectFrom('ratings')
          .select([...columns, ...more])
          .where('shop_id', 'in', ownedShopIds)
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
  ]);
  return { given, received };
}

/** The reports the user made: of offers, and of comments and commands. */
export async function reports(db: Executor, userId: number) {
  const [offers, items] = await Promise.all([
    db
      .selectFrom('reports')
      .select(['product_id', 'reason', 'text', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('item_reports')
      .select(['comment_id', 'command_id', 'reason', 'text', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return { offers, items };
}
