import { beforeAll, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { Executor, ProductsTable } from '../../db/types';
import { now } from '../../db/connect';
import type { ShopRole } from '../../../shared/constants';
import { describeEachEngine } from '../../test/harness';
import { createProduct } from '../../test/fixtures';
import { toNotificationData } from './notifications.mapper';
import { ADDED_PRODUCT_MAX_RECIPIENTS, notify, notifyAddedProduct } from './notify';
import { insertNotifications } from './notifications.repository';
import { localEvents } from '../../events/bus';

// notify() and notifyAddedProduct() called directly, inside a transaction, over fixture rows.

let serial = 0;

async function user(db: Executor, first_name = 'U') {
  serial += 1;
  const at = now();
  const row = await db
    .insertInto('users')
    .values({
      first_name,
      last_name: `n${serial}`,
      phone_1: `3${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`,
      password_hash: 'x',
      photo: `${first_name.toLowerCase()}.webp`,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function shop(
  db: Executor,
  pcategory_id: number | null,
  staff: [number, ShopRole][],
  is_professional = 0,
) {
  const { id } = await db
    .insertInto('shops')
    .values({ name: 'shop', pcategory_id, is_professional, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [user_id, role] of staff)
    await db
      .insertInto('shop_employees')
      .values({ shop_id: id, user_id, role, created_at: now() })
      .execute();
  return id;
}

async function category(db: Executor, subcategories: number) {
  const at = now();
  const { id } = await db
    .insertInto('pcategories')
    .values({ name: 'vehicles', order_number: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subs: number[] = [];
  for (let i = 0; i < subcategories; i++) {
    const row = await db
      .insertInto('psubcategories')
      .values({ pcategory_id: id, name: `sub${i}`, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    subs.push(row.id);
  }
  return { id, subs };
}

const demand = (
  db: Executor,
  values: { shop_id: number; psubcategory_id: number; user_id: number | null } & Partial<
    Insertable<ProductsTable>
  >,
) =>
  createProduct(db, {
    type: 'demand',
    offer_type: 'buy',
    ...values,
    user_id: values.user_id ?? undefined,
  });

async function addedOfferTo(db: Executor, productId: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'data', 'read_at'])
    .where('type', '=', 'added_offer')
    .orderBy('user_id')
    .execute();
  return rows.filter((r) => JSON.parse(r.data).product_id === productId);
}

describeEachEngine('notify and notifyAddedProduct', (ctx) => {
  const db = () => ctx().app.db;
  let cat: { id: number; subs: number[] };
  let other: { id: number; subs: number[] };

  beforeAll(async () => {
    cat = await category(db(), 2);
    other = await category(db(), 1);
  });

  it('the repository writes without telling anyone; notify tells the streams of each row', async () => {
    // Issue 33 item 5: a repository has no side effects. Events are heard on the in-process bus
    // (what SQLite's streams listen to) on the turn after they are published.
    const [actor, a, b] = [await user(db(), 'Actor'), await user(db()), await user(db())];
    const heard: string[] = [];
    const listen = (payload: string) => heard.push(payload);
    localEvents.on('notification', listen);
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    try {
      const row = { type: 'commented' as const, data: '{}', created_at: now() };
      await insertNotifications(db(), [{ user_id: a, ...row }]);
      await settled();
      expect(heard).toEqual([]);
      await db()
        .transaction()
        .execute((trx) => notify(trx, 'commented', actor, [a, b], { product_id: 1 }));
      await settled();
      const ids = await db()
        .selectFrom('notifications')
        .select(['id', 'user_id'])
        .where('user_id', 'in', [a, b])
        .where('data', '!=', '{}')
        .orderBy('id')
        .execute();
      expect(heard).toEqual(ids.map((r) => `${r.user_id}:${r.id}`));
    } finally {
      localEvents.off('notification', listen);
    }
  });

  it('notify: each recipient once, never the actor, nulls and repeats dropped', async () => {
    const [actor, a, b] = [await user(db(), 'Actor'), await user(db()), await user(db())];
    const marker = 900_000 + serial;
    await db()
      .transaction()
      .execute((trx) =>
        notify(trx, 'commented', actor, [a, actor, null, b, a, undefined], {
          product_id: marker,
          type: 'demand',
          commentable_type: 'product',
          commentable_id: marker,
          comment_id: undefined,
        }),
      );
    const rows = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('data', 'like', `%${marker}%`)
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([a, b].sort((x, y) => x - y));
    expect(rows[0]).toMatchObject({ type: 'commented', read_at: null });
    expect(JSON.parse(rows[0].data)).toEqual({
      user_id: actor,
      user_first_name: 'Actor',
      user_last_name: expect.any(String),
      user_photo: 'actor.webp',
      // No product has this id: its names stay null.
      product_name: null,
      product_name_ar: null,
      product_name_fr: null,
      product_id: marker,
      type: 'demand',
      commentable_type: 'product',
      commentable_id: marker,
    });
  });

  it('a new offer tells open demands’ posters in its subcategory, or their shop owner', async () => {
    const [sub, otherSub] = cat.subs;
    const poster = await user(db(), 'Poster');
    const colleague = await user(db());
    const posterShop = await shop(db(), cat.id, [
      [poster, 'owner'],
      [colleague, 'employee'],
    ]);
    const wants = await user(db());
    const wantsShop = await shop(db(), null, [[wants, 'owner']]);
    const owner = await user(db());
    const orphanShop = await shop(db(), null, [
      [owner, 'owner'],
      [await user(db()), 'employee'],
    ]);
    const [sold, bought, elsewhere] = [await user(db()), await user(db()), await user(db())];

    await demand(db(), { shop_id: wantsShop, psubcategory_id: sub, user_id: wants });
    await demand(db(), { shop_id: wantsShop, psubcategory_id: sub, user_id: wants, number: 3 });
    // A demand whose poster is gone (user_id null): its shop's owner hears of the offer.
    await demand(db(), { shop_id: orphanShop, psubcategory_id: sub, user_id: null });
    // Not open: sold, or everything wanted already bought.
    await demand(db(), { shop_id: wantsShop, psubcategory_id: sub, user_id: sold, sold: 1 });
    await demand(db(), {
      shop_id: wantsShop,
      psubcategory_id: sub,
      user_id: bought,
      number: 2,
      sold_count: 2,
    });
    // Another subcategory; an offer (not a demand); the posting shop's own demand; the poster.
    await demand(db(), { shop_id: wantsShop, psubcategory_id: otherSub, user_id: elsewhere });
    await createProduct(db(), { shop_id: wantsShop, psubcategory_id: sub, user_id: elsewhere });
    await demand(db(), { shop_id: posterShop, psubcategory_id: sub, user_id: colleague });
    await demand(db(), { shop_id: wantsShop, psubcategory_id: sub, user_id: poster });

    const offer = await db()
      .transaction()
      .execute(async (trx) => {
        const row = await createProduct(trx, {
          shop_id: posterShop,
          psubcategory_id: sub,
          user_id: poster,
        });
        await notifyAddedProduct(trx, row);
        return row;
      });
    const notes = await addedOfferTo(db(), offer.id);
    expect(notes.map((n) => n.user_id)).toEqual([wants, owner].sort((x, y) => x - y));
    expect(toNotificationData(notes[0].data)).toEqual({
      user_id: poster,
      user_first_name: 'Poster',
      user_last_name: expect.any(String),
      user_photo: 'poster.webp',
      commentable_type: null,
      commentable_id: null,
      reactionable_type: null,
      reactionable_id: null,
      reaction: null,
      product_id: offer.id,
      type: 'offer',
      product_name: offer.name,
      product_name_ar: offer.name_ar,
      product_name_fr: offer.name_fr,
      comment_id: null,
      command_id: null,
      search_id: null,
      search_name: null,
      count: null,
      shop_id: null,
      shop_name: null,
      stars: null,
    });
    expect(notes[0].read_at).toBeNull();
  });

  it('a new demand tells the staff of shops of its category, not its own shop', async () => {
    const [sub] = cat.subs;
    const poster = await user(db(), 'Seeker');
    const colleague = await user(db());
    const posterShop = await shop(db(), cat.id, [
      [poster, 'owner'],
      [colleague, 'admin'],
    ]);
    const [sOwner, sAdmin, sModerator, sEmployee] = [
      await user(db()),
      await user(db()),
      await user(db()),
      await user(db()),
    ];
    await shop(
      db(),
      cat.id,
      [
        [sOwner, 'owner'],
        [sAdmin, 'admin'],
        [sModerator, 'moderator'],
        [sEmployee, 'employee'],
        // The poster works in this shop too: still not told of their own demand.
        [poster, 'employee'],
      ],
      1,
    );
    const twoShops = await user(db());
    await shop(db(), cat.id, [[twoShops, 'owner']]);
    await shop(db(), cat.id, [[twoShops, 'owner']]);
    const otherCategory = await user(db());
    await shop(db(), other.id, [[otherCategory, 'owner']]);
    const noCategory = await user(db());
    await shop(db(), null, [[noCategory, 'owner']]);

    const wanted = await db()
      .transaction()
      .execute(async (trx) => {
        const row = await demand(trx, {
          shop_id: posterShop,
          psubcategory_id: sub,
          user_id: poster,
        });
        await notifyAddedProduct(trx, row);
        return row;
      });
    const notes = await addedOfferTo(db(), wanted.id);
    // Every shop of the category that came before this test is told as well: only check ours.
    const ours = [sOwner, sAdmin, sModerator, sEmployee, twoShops];
    const told = notes.map((n) => n.user_id);
    expect(told.filter((id) => ours.includes(id))).toEqual([...ours].sort((x, y) => x - y));
    for (const id of [poster, colleague, otherCategory, noCategory]) expect(told).not.toContain(id);
    expect(new Set(told).size).toBe(told.length);
    expect(JSON.parse(notes[0].data)).toMatchObject({
      user_id: poster,
      user_first_name: 'Seeker',
      product_id: wanted.id,
      type: 'demand',
    });
  });

  it('is written with its cause: a rolled-back post leaves no notification', async () => {
    const [sub] = cat.subs;
    const poster = await user(db());
    const posterShop = await shop(db(), null, [[poster, 'owner']]);
    const wants = await user(db());
    await demand(db(), {
      shop_id: await shop(db(), null, [[wants, 'owner']]),
      psubcategory_id: sub,
      user_id: wants,
    });
    const before = await db()
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const row = await createProduct(trx, {
            shop_id: posterShop,
            psubcategory_id: sub,
            user_id: poster,
          });
          await notifyAddedProduct(trx, row);
          throw new Error('the upload failed');
        }),
    ).rejects.toThrow('the upload failed');
    const after = await db()
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it(`tells at most ${ADDED_PRODUCT_MAX_RECIPIENTS} people, the most recent demands first`, async () => {
    const { subs } = await category(db(), 1);
    const sub = subs[0];
    const crowd = ADDED_PRODUCT_MAX_RECIPIENTS + 20;
    const demandShop = await shop(db(), null, []);
    const posters: number[] = [];
    await db()
      .transaction()
      .execute(async (trx) => {
        const base = Date.parse('2026-01-01T00:00:00.000Z');
        for (let i = 0; i < crowd; i++) {
          const id = await user(trx);
          posters.push(id);
          const at = new Date(base + i * 1000).toISOString();
          await demand(trx, {
            shop_id: demandShop,
            psubcategory_id: sub,
            user_id: id,
            created_at: at,
            updated_at: at,
          });
        }
      });
    const poster = await user(db());
    const offer = await db()
      .transaction()
      .execute(async (trx) => {
        const row = await createProduct(trx, {
          shop_id: await shop(trx, null, [[poster, 'owner']]),
          psubcategory_id: sub,
          user_id: poster,
        });
        await notifyAddedProduct(trx, row);
        return row;
      });
    const told = (await addedOfferTo(db(), offer.id)).map((n) => n.user_id);
    expect(told).toHaveLength(ADDED_PRODUCT_MAX_RECIPIENTS);
    expect(told).toEqual(posters.slice(-ADDED_PRODUCT_MAX_RECIPIENTS).sort((x, y) => x - y));
  }, 60_000);

  it('toNotificationData: every SPEC §3 key, null when absent or malformed', () => {
    const empty = {
      user_id: null,
      user_first_name: null,
      user_last_name: null,
      user_photo: null,
      commentable_type: null,
      commentable_id: null,
      reactionable_type: null,
      reactionable_id: null,
      reaction: null,
      product_id: null,
      type: null,
      product_name: null,
      product_name_ar: null,
      product_name_fr: null,
      comment_id: null,
      command_id: null,
      search_id: null,
      search_name: null,
      count: null,
      shop_id: null,
      shop_name: null,
      stars: null,
    };
    expect(toNotificationData('not json')).toEqual(empty);
    expect(toNotificationData('[1,2]')).toEqual(empty);
    expect(
      toNotificationData(
        JSON.stringify({ product_id: 'seven', type: 'gift', reaction: 'love', extra: 1 }),
      ),
    ).toEqual({ ...empty, reaction: 'love' });
  });
});
