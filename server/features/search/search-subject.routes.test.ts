import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createSubcategory } from '../../test/fixtures';
import { buildWorld, searchCalls, type World } from './search.test-helpers';
import { eachSearchWay } from './search-tunings.test-helpers';

// Issue 30 ("tried as a new user would"): a search for a thing shows that thing first. The
// offers of the subcategory the query names (the cars, for "voiture") come before the offers that
// only mention it (a car battery), even when the cars meet the word through the lexicon and the
// battery in its own text; tier by tier, newest first otherwise (search-ranking.ts).

describeEachEngine('search: what the query names comes first (issue 30)', (ctx) => {
  let w: World;
  const { found } = searchCalls(ctx, () => w);
  beforeAll(async () => {
    w = await buildWorld(ctx());
    const parts = await createSubcategory(ctx().app.db, { name: 'spare_parts' });
    // Oldest first: the cars are older than the parts that mention cars.
    const offers: [string, number, string, number][] = [
      ['corolla', w.cars, 'Voiture Toyota Corolla', 900_000],
      ['peugeot', w.cars, 'سيارة بيجو 406 للبيع', 800_000],
      ['battery', parts.id, 'Batterie voiture 100 A', 9_000],
      ['mirror', parts.id, 'مرآة سيارة جانبية للبيع', 8_000],
    ];
    for (const [label, sub, name, price] of offers) {
      const res = await w.seller.client.post('/products/create/offer', {
        psubcategory_id: sub,
        name,
        price,
      });
      expect(res.statusCode, res.body).toBe(201);
      w.p[label] = res.json().product.id;
    }
  }, 60_000);

  it('puts the cars before the newer parts that mention cars, in either language', async () => {
    await eachSearchWay(async (way) => {
      // Every car the word finds (the world's and these: the Corolla says "voiture", the Peugeot
      // "سيارة"), then the parts: the battery says "voiture" in its own text, the mirror "سيارة".
      for (const word of ['voiture', 'سيارة']) {
        const all = await found({ name: word });
        const cars = await found({ name: word, psubcategory_id: w.cars });
        expect(cars, way).toEqual(expect.arrayContaining(['corolla', 'peugeot']));
        expect(all.slice(0, cars.length).sort(), `${way}: ${word}`).toEqual([...cars].sort());
        expect(all.slice(cars.length).sort(), `${way}: ${word}`).toEqual(['battery', 'mirror']);
      }
      // Among the parts, tier by tier: "voiture" is the battery's own word, سيارة the mirror's.
      const fr = await found({ name: 'voiture' });
      expect(fr.indexOf('battery'), way).toBeLessThan(fr.indexOf('mirror'));
      const ar = await found({ name: 'سيارة' });
      expect(ar.indexOf('mirror'), way).toBeLessThan(ar.indexOf('battery'));
      // A generic word ranks after the subject: among the parts, the one for sale first.
      const forSale = await found({ name: 'سيارة للبيع' });
      expect(forSale.indexOf('peugeot'), way).toBeLessThan(forSale.indexOf('mirror'));
      expect(forSale.indexOf('corolla'), way).toBeLessThan(forSale.indexOf('mirror'));
      expect(forSale.indexOf('mirror'), way).toBeLessThan(forSale.indexOf('battery'));
    });
  });

  it('keeps newest first where the query names no subcategory, and the order asked', async () => {
    // "batterie" names no subcategory of this catalogue: the newest first.
    const battery = await found({ name: '100 A' });
    expect(battery[0]).toBe('battery');
    const byPrice = await found({ name: 'voiture', sort: 'price_asc' });
    const newestFirst = await found({ name: 'voiture' });
    expect(byPrice).toEqual(expect.arrayContaining(newestFirst));
    expect(byPrice.indexOf('mirror')).toBeLessThan(byPrice.indexOf('corolla'));
  });

  it('follows the catalogue: a subcategory renamed is named by its new name at once', async () => {
    const { db } = ctx().app;
    const battery = await db
      .selectFrom('products')
      .select('psubcategory_id')
      .where('id', '=', w.p.battery)
      .executeTakeFirstOrThrow();
    const rename = (name_fr: string | null) =>
      db
        .updateTable('psubcategories')
        .set({ name_fr })
        .where('id', '=', battery.psubcategory_id)
        .execute();
    expect((await found({ name: 'voiture' }))[0]).not.toBe('battery');
    await rename('Voitures en pièces');
    try {
      // The parts are now of a subcategory "voiture" names: the battery, the newest offer that
      // says "voiture" in its own text, comes first.
      expect((await found({ name: 'voiture' }))[0]).toBe('battery');
    } finally {
      await rename(null);
    }
    expect((await found({ name: 'voiture' }))[0]).not.toBe('battery');
  });
});
