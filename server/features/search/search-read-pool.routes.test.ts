import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { ageAccounts, createSubcategory } from '../../test/fixtures';
import { signIn } from '../products/products.test-helpers';
import type { TestClient } from '../../test/client';

// Searches read through Connection.readDb: on SQLite, worker threads with connections of their
// own (server/db/read-pool.ts); on PostgreSQL, the pool of `db`. A write answered to its author
// is in the very next search (read-your-writes), and searches sent together all answer.

describeEachEngine(
  'search: reads of the search read pool',
  (ctx) => {
    let seller: TestClient;
    let sub: number;
    beforeAll(async () => {
      const { app } = ctx();
      sub = (await createSubcategory(app.db, { name: 'cars' })).id;
      const signedIn = await signIn(ctx());
      seller = signedIn.client;
      await ageAccounts(app.db, [signedIn.user.id], 60);
    });

    const found = async (name: string) => {
      const res = await ctx().client().post('/products/all/0/search', { name });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().products.data.map((c: { id: number }) => c.id) as number[];
    };

    it('reads in the worker threads on SQLite, on the main pool on PostgreSQL', () => {
      const { app, engine } = ctx();
      if (engine === 'sqlite') expect(app.readDb).not.toBe(app.db);
      else expect(app.readDb).toBe(app.db);
    });

    it('finds an offer at once after it is posted, renamed, deleted', async () => {
      for (const word of ['zarkoun', 'mifrala', 'tobskel']) {
        const created = await seller.post('/products/create/offer', {
          psubcategory_id: sub,
          name: `${word} rouge`,
          price: 1000,
        });
        expect(created.statusCode, created.body).toBe(201);
        const id = created.json().product.id as number;
        expect(await found(word)).toEqual([id]);

        const renamed = await seller.put(`/products/${id}`, { name: `${word}x bleu` });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(await found('bleu')).toEqual([id]);
        expect(await found('rouge')).toEqual([]);

        expect((await seller.delete(`/products/${id}`)).statusCode).toBe(204);
        expect(await found('bleu')).toEqual([]);
      }
    });

    it('answers searches sent together, each its own', async () => {
      const words = ['qorvane', 'pelmiro', 'tuskada', 'vembrolo'];
      const ids: number[] = [];
      for (const word of words) {
        const res = await seller.post('/products/create/offer', {
          psubcategory_id: sub,
          name: word,
          price: 500,
        });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().product.id);
      }
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => found(words[i % words.length])),
      );
      answers.forEach((answer, i) => expect(answer).toEqual([ids[i % words.length]]));
    });
  },
  { env: { SEARCH_READ_WORKERS: '2' } },
);
