import { expect, it, vi } from 'vitest';
import { render } from '../../web/entry-server';
import { describeEachEngine } from '../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { writesHeard } from '../test/writes-heard';
import * as repository from '../features/notifications/notifications.repository';

// Issue 31, session 17: a signed-in visitor's first load of an offer page from the kept render
// reads their unread count once (it was read three times: the preHandler, renderPage and the
// bell's query), and so does a load that finds their page kept. The count is the real one: the
// repository's function is only watched, not replaced.
vi.mock('../features/notifications/notifications.repository', async (original) => {
  const actual = await original<typeof repository>();
  return { ...actual, countUnread: vi.fn(actual.countUnread) };
});

describeEachEngine(
  'a signed-in first load',
  (ctx) => {
    it('reads the unread count once, on a first load and on a reload', async () => {
      const owner = await ctx().userClient('user', { first_name: 'Vendeur' });
      const amina = await ctx().userClient('user', { first_name: 'Aminetou' });
      const brahim = await ctx().userClient('user', { first_name: 'Brahim' });
      await ageAccounts(ctx().app.db, [owner.user.id, amina.user.id, brahim.user.id]);
      const product = await createProduct(ctx().app.db, {
        shop_id: await personalShopOf(ctx().app.db, owner.user.id),
        psubcategory_id: (await createSubcategory(ctx().app.db)).id,
        user_id: owner.user.id,
        name: 'Chamelle',
        name_fr: 'Chamelle',
        name_ar: 'Chamelle',
      });
      await ctx().client().get('/healthz');
      await writesHeard(ctx().app);
      const url = `/products/product/${product.id}`;
      const load = (client: typeof amina.client) =>
        client.get(url, { xsrf: false, headers: { accept: 'text/html' } });
      // Amina's load makes the kept render; Brahim's first load and his reload come from it.
      expect((await load(amina.client)).statusCode).toBe(200);
      const counted = vi.mocked(repository.countUnread);
      const stats = () => ({ ...ctx().app.pageCache.stats });
      for (const reused of [0, 1]) {
        counted.mockClear();
        const before = stats();
        const res = await load(brahim.client);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('Chamelle');
        expect(stats().keptServed).toBe(before.keptServed + 1);
        expect(stats().visitsReused).toBe(before.visitsReused + reused);
        expect(counted).toHaveBeenCalledTimes(1);
      }
    });
  },
  { render },
);
