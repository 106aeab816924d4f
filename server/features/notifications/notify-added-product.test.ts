import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct } from '../../test/fixtures';
import { toNotificationData } from './notifications.mapper';
import { ADDED_PRODUCT_MAX_RECIPIENTS, notifyAddedProduct } from './notify';
import { addedOfferTo, category, demand, shop, user } from './notify.test-helpers';

// notifyAddedProduct() called directly, inside a transaction, over fixture rows: who hears of a
// new offer or demand.

describeEachEngine('notifyAddedProduct', (ctx) => {
  const db = () => ctx().app.db;
  let cat: { id: number; subs: number[] };
  let other: { id: number; subs: number[] };

  beforeAll(async () => {
    cat = await category(db(), 2);
    other = await category(db(), 1);
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
});
