import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { buildWorld, searchCalls, type World } from './search.test-helpers';
import { eachSearchWay } from './search-tunings.test-helpers';

// Issue 30 item 2: a generic word ("à vendre", "للبيع") does not filter, it ranks: every Toyota is
// found by "toyota à vendre", and among the matches of one tier those that say it come first,
// newest first otherwise (search-ranking.ts).

describeEachEngine('search: generic words rank, they do not filter (issue 30)', (ctx) => {
  let w: World;
  const { found } = searchCalls(ctx, () => w);
  beforeAll(async () => {
    w = await buildWorld(ctx());
    // Oldest first: the ones that say "for sale" are older than the ones that do not.
    const offers = [
      ['corollaForSale', 'Toyota Corolla à vendre'],
      ['tuyotaForSale', 'تويوتا كورولا للبيع'],
      ['yaris', 'Toyota Yaris'],
      ['tuyota', 'تويوتا راف فور'],
      ['avensis', 'Toyota Avensis'],
    ];
    for (const [label, name] of offers) {
      const res = await w.seller.client.post('/products/create/offer', {
        psubcategory_id: w.cars,
        name,
        price: 900_000,
      });
      expect(res.statusCode, res.body).toBe(201);
      w.p[label] = res.json().product.id;
    }
  }, 60_000);

  it('puts first, within the words’ tier, the offers that say it; finds the others after', async () => {
    await eachSearchWay(async (way) => {
      const fr = await found({ name: 'toyota à vendre' });
      expect(fr[0], way).toBe('corollaForSale');
      expect(fr, way).toEqual(expect.arrayContaining(['yaris', 'avensis']));
      expect(fr.indexOf('avensis'), way).toBeLessThan(fr.indexOf('yaris'));
      const ar = await found({ name: 'تويوتا للبيع' });
      expect(ar[0], way).toBe('tuyotaForSale');
      expect(ar, way).toContain('tuyota');
      // The word counts through its lexicon words too: "للبيع" says "à vendre" in Arabic.
      expect(fr.indexOf('tuyotaForSale'), way).toBeLessThan(fr.indexOf('tuyota'));
      expect(ar.indexOf('corollaForSale'), way).toBeLessThan(ar.indexOf('avensis'));
    });
  });

  it('leaves the order alone without a generic word, and when asked another order', async () => {
    const plain = await found({ name: 'toyota' });
    expect(plain.indexOf('avensis')).toBeLessThan(plain.indexOf('corollaForSale'));
    const cheapest = await found({ name: 'toyota à vendre', sort: 'price_asc' });
    const prices = await found({ name: 'toyota', sort: 'price_asc' });
    expect(cheapest).toEqual(prices);
  });

  it('searches a generic word alone as any word (its own language first)', async () => {
    expect(await found({ name: 'للبيع' })).toEqual(['tuyotaForSale', 'corollaForSale']);
  });
});
