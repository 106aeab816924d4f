import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { SINGLE_READ_LIMIT } from '../../shared/constants';
import { render } from '../../web/entry-server';
import { buildApp } from '../app';
import { TestClient } from '../test/client';
import { describeEachEngine, TEST_PASSWORD } from '../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { writesHeard } from '../test/writes-heard';
import { insertNotifications } from '../features/notifications/notifications.repository';
import { keptAnswerStats } from './kept-answer';

// Issue 31 (docs/decisions.md "Signed-in pages from kept parts"): a signed-in visitor's offer page
// comes from a render kept for every signed-in visitor, with their own parts (header, marks,
// forms, data) rendered for them: exactly the page rendered whole for them, never another's.

const page = (client: TestClient, url: string) =>
  client.get(url, { xsrf: false, headers: { accept: 'text/html' } });

/** #root's HTML and the page's data. */
function parts(html: string) {
  const root =
    /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="souq-state">/.exec(html);
  const state = /<script type="application\/json" id="souq-state">([\s\S]*?)<\/script>/.exec(html);
  expect(root).not.toBeNull();
  const data = JSON.parse(state![1]) as {
    server: { seed: number; now: number; form: unknown; unread?: number };
    queries: { queries: { queryKey: unknown; state: { data: unknown } }[] };
    messages?: Record<string, string>;
  };
  return {
    root: root![1],
    head: html.slice(0, html.indexOf('<div id="root">')),
    form: data.server.form,
    unread: data.server.unread,
    messages: data.messages,
    queries: Object.fromEntries(
      data.queries.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]),
    ),
  };
}

describeEachEngine(
  'signed-in pages from kept parts',
  (ctx) => {
    async function offerOf(firstName: string, name: string) {
      const owner = await ctx().userClient('user', { first_name: firstName });
      await ageAccounts(ctx().app.db, [owner.user.id]);
      const shopId = await personalShopOf(ctx().app.db, owner.user.id);
      const subcategory = await createSubcategory(ctx().app.db);
      const made = async (title: string) =>
        createProduct(ctx().app.db, {
          shop_id: shopId,
          psubcategory_id: subcategory.id,
          user_id: owner.user.id,
          name: title,
          name_fr: title,
          name_ar: title,
        });
      const product = await made(name);
      const similar = await made(`${firstName}: une autre offre`);
      // A write made outside any request is confirmed by the next answer (page-cache.ts), and
      // heard from the bus before a page is kept.
      await ctx().client().get('/healthz');
      await writesHeard(ctx().app);
      return { owner, product, similar, url: `/products/product/${product.id}` };
    }

    async function buyer(firstName: string) {
      const made = await ctx().userClient('user', { first_name: firstName });
      await ageAccounts(ctx().app.db, [made.user.id]);
      await ctx().client().get('/healthz');
      await writesHeard(ctx().app);
      return made;
    }

    const counts = () => ({ ...ctx().app.pageCache.stats });

    it('gives each signed-in visitor exactly the page rendered whole for them', async () => {
      const { owner, product, similar, url } = await offerOf('Vendeur', 'Chamelle laitière');
      const amina = await buyer('Aminetou');
      const brahim = await buyer('Brahim');
      // Amina's own marks: the offer saved and liked, the similar one reported.
      expect((await amina.client.get(`/products/favorite/add/${product.id}`)).statusCode).toBe(200);
      const liked = await amina.client.post(`/reactions/create/product/${product.id}`, {
        name: 'love',
      });
      expect(liked.statusCode).toBe(200);
      const reported = await amina.client.get(`/products/report/add/${similar.id}`);
      expect(reported.statusCode).toBe(200);

      const whole = await buildApp({ ...ctx().config, pageCacheMb: 0 }, { logger: false, render });
      try {
        for (const visitor of [amina, brahim, owner, amina, brahim]) {
          const before = counts();
          const written = keptAnswerStats.written;
          const kept = await page(visitor.client, url);
          expect(kept.statusCode).toBe(200);
          const elsewhere = new TestClient(whole);
          for (const [name, value] of visitor.client.cookies) elsewhere.cookies.set(name, value);
          const rendered = await page(elsewhere, url);
          const a = parts(kept.body);
          const b = parts(rendered.body);
          expect(a.root).toBe(b.root);
          expect(a.head).toBe(b.head);
          expect(a.form).toEqual(b.form);
          expect(a.unread).toEqual(b.unread);
          expect(a.messages).toEqual(b.messages);
          expect(a.queries).toEqual(b.queries);
          // The owner's page is rendered whole (their phone numbers and actions); the others' kept,
          // written without the send hooks, with the headers they give the page rendered whole.
          expect(counts().keptServed).toBe(before.keptServed + (visitor === owner ? 0 : 1));
          expect(keptAnswerStats.written - written).toBe(visitor === owner ? 0 : 1);
          const headersOf = (res: typeof kept) => {
            const { date, 'content-length': length, ...rest } = res.headers;
            expect([date, length]).not.toContain(undefined);
            delete rest['x-ratelimit-remaining'];
            return rest;
          };
          expect(headersOf(kept)).toEqual(headersOf(rendered));
        }
      } finally {
        await whole.close();
      }
    });

    it("renders a card's parts once for the visitors with the same marks on it", async () => {
      const { owner, product, similar, url } = await offerOf('Vendeur', 'Brebis et agneau');
      const shopId = await personalShopOf(ctx().app.db, owner.user.id);
      for (const title of ['Agneau de lait', 'Bélier de Tabaski']) {
        await createProduct(ctx().app.db, {
          shop_id: shopId,
          psubcategory_id: product.psubcategory_id,
          user_id: owner.user.id,
          name: title,
          name_fr: title,
          name_ar: title,
        });
      }
      await ctx().client().get('/healthz');
      const [amina, brahim, chloe, dana] = [
        await buyer('Aminetou'),
        await buyer('Brahim'),
        await buyer('Chloé'),
        await buyer('Dana'),
      ];
      // Amina and Dana saved one similar offer and reported it; Brahim and Chloé marked nothing.
      for (const marked of [amina, dana]) {
        expect((await marked.client.get(`/products/favorite/add/${similar.id}`)).statusCode).toBe(
          200,
        );
        expect((await marked.client.get(`/products/report/add/${similar.id}`)).statusCode).toBe(
          200,
        );
      }
      // The parts' code loaded first (a render that waits for it keeps nothing for others).
      const elsewhere = await offerOf('Autre', 'Autre page');
      expect((await page((await buyer('Ely')).client, elsewhere.url)).statusCode).toBe(200);
      const saved =
        /class="save-button save-button--compact save-button--saved" aria-pressed="true"/g;
      // The writes above reach this process again on PostgreSQL (LISTEN/NOTIFY), each making
      // the kept render stale: the loads below begin once they have come.
      for (let seen = -1; seen !== ctx().app.pageCache.generation;) {
        seen = ctx().app.pageCache.generation;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Three similar cards, two shared parts each (their tools and their footer), and two parts
      // without marks on them: the offer's actions (nobody marked the offer) and the shell's
      // network notice.
      const reusedBy = new Map([
        [amina, 0],
        [brahim, 6],
        [chloe, 8],
        [dana, 8],
      ]);
      const bodies = new Map<typeof amina, string>();
      const grown = new Map<typeof amina, number>();
      for (const [visitor, reused] of reusedBy) {
        const before = counts();
        const bytes = ctx().app.pageCache.bytes;
        const kept = await page(visitor.client, url);
        expect(kept.statusCode).toBe(200);
        expect(counts().keptServed).toBe(before.keptServed + 1);
        expect(counts().partsReused - before.partsReused).toBe(reused);
        bodies.set(visitor, kept.body);
        grown.set(visitor, ctx().app.pageCache.bytes - bytes);
      }
      // The parts kept for others count in the cache's bytes: Brahim's load keeps the two it
      // rendered (6 of 8 reused), Dana's none; each keeps their own page, about the same size.
      expect(grown.get(brahim)! - grown.get(dana)!).toBeGreaterThan(2_000);
      // Each page is the one rendered whole for its visitor (another server, made after: its
      // start writes, which makes this one's kept renders stale).
      const whole = await buildApp({ ...ctx().config, pageCacheMb: 0 }, { logger: false, render });
      try {
        for (const [visitor, body] of bodies) {
          const elsewhere = new TestClient(whole);
          for (const [name, value] of visitor.client.cookies) elsewhere.cookies.set(name, value);
          const a = parts(body);
          const b = parts((await page(elsewhere, url)).body);
          expect(a.root).toBe(b.root);
          expect(a.messages).toEqual(b.messages);
          expect(a.queries).toEqual(b.queries);
          const marked = visitor === amina || visitor === dana;
          expect(a.root.match(saved) ?? []).toHaveLength(marked ? 1 : 0);
          expect(a.queries['["me"]']).toMatchObject({ id: visitor.user.id });
        }
      } finally {
        await whole.close();
      }
    });

    it("never shows a visitor another's header, marks, token or actions", async () => {
      const { owner, product, url } = await offerOf('Propriétaire', 'Tente mauritanienne');
      const amina = await buyer('Aminetou');
      const brahim = await buyer('Brahim');
      expect((await amina.client.get(`/products/favorite/add/${product.id}`)).statusCode).toBe(200);
      const [a, b, o, a2] = [
        await page(amina.client, url),
        await page(brahim.client, url),
        await page(owner.client, url),
        await page(amina.client, url),
      ];
      const saved = /class="save-button save-button--saved" aria-pressed="true"/;
      const editLink = `href="/products/edit/${product.id}"`;
      expect(a.body).toMatch(saved);
      expect(a.body).not.toContain('Brahim');
      expect(b.body).not.toMatch(saved);
      expect(b.body).not.toContain('Aminetou');
      expect(a.body).not.toContain(editLink);
      expect(b.body).not.toContain(editLink);
      expect(o.body).toContain(editLink);
      expect(o.body).not.toMatch(/Aminetou|Brahim/);
      expect(a2.body).toMatch(saved);
      for (const [res, client] of [
        [a, amina.client],
        [b, brahim.client],
        [o, owner.client],
      ] as const) {
        const token = client.cookies.get('XSRF-TOKEN');
        expect(token).toBeTruthy();
        expect((parts(res.body).form as { xsrf: string }).xsrf).toBe(token);
      }
      const tokens = [amina, brahim, owner].map((v) => v.client.cookies.get('XSRF-TOKEN')!);
      expect(a.body).not.toContain(tokens[1]);
      expect(b.body).not.toContain(tokens[0]);
      expect(b.body).not.toContain('kept-render-stand-in-token');
      // Each name is in its own header (the user menu's avatar).
      const amina2 = await page(amina.client, '/products/product/' + product.id);
      expect(parts(amina2.body).queries['["me"]']).toMatchObject({ first_name: 'Aminetou' });
    });

    it('shows an edit to another signed-in visitor on their next load', async () => {
      const { owner, product, url } = await offerOf('Vendeuse', 'Hilux avant');
      const amina = await buyer('Aminetou');
      await page(amina.client, url);
      const before = counts();
      expect((await page(amina.client, url)).body).toContain('Hilux avant');
      expect(counts().keptServed).toBe(before.keptServed + 1);
      const renamed = { name: 'Hilux après', name_ar: 'Hilux après', name_fr: 'Hilux après' };
      expect((await owner.client.put(`/products/${product.id}`, renamed)).statusCode).toBe(200);
      const after = await page(amina.client, url);
      expect(after.body).toContain('Hilux après');
      expect(after.body).not.toContain('Hilux avant');
    });

    it("reuses a visitor's page for their next load, and shows at once what changes it", async () => {
      const { product, url } = await offerOf('Vendeur', 'Chèvre naine');
      const amina = await buyer('Aminetou');
      const brahim = await buyer('Brahim');
      const seen = async (visitor: typeof amina) => {
        const res = await page(visitor.client, url);
        expect(res.statusCode).toBe(200);
        return { body: res.body, ...parts(res.body) };
      };
      const saved = /class="save-button save-button--saved" aria-pressed="true"/;
      const first = await seen(amina);
      expect(first.unread).toBe(0);
      let before = counts();
      expect((await seen(amina)).root).toBe(first.root);
      expect(counts().visitsReused).toBe(before.visitsReused + 1);

      // Another visitor never gets hers: their own name and token.
      const b = await seen(brahim);
      expect(b.body).not.toContain('Aminetou');
      expect((b.form as { xsrf: string }).xsrf).toBe(brahim.client.cookies.get('XSRF-TOKEN'));
      expect(b.queries['["me"]']).toMatchObject({ first_name: 'Brahim' });

      // A notification (no public write): her bell's count at once.
      await insertNotifications(ctx().app.db, [
        {
          user_id: amina.user.id,
          type: 'commented',
          data: '{}',
          created_at: new Date().toISOString(),
        },
      ]);
      const notified = await seen(amina);
      expect(notified.unread).toBe(1);
      expect(notified.body).not.toMatch(saved);
      // She saves the offer: the save button says so on her next load, not on Brahim's.
      expect((await amina.client.get(`/products/favorite/add/${product.id}`)).statusCode).toBe(200);
      expect((await seen(amina)).body).toMatch(saved);
      expect((await seen(brahim)).body).not.toMatch(saved);
      // She changes her name: her header has the new one.
      const renamed = await amina.client.put(`/users/${amina.user.id}`, { first_name: 'Mariem' });
      expect(renamed.statusCode).toBe(200);
      await writesHeard(ctx().app);
      const after = await seen(amina);
      expect(after.queries['["me"]']).toMatchObject({ first_name: 'Mariem' });
      expect(after.body).toMatch(saved);
      expect(after.unread).toBe(1);

      // Her other session: the same page, with that session's own token.
      before = counts();
      const other = new TestClient(ctx().app);
      const signIn = await other.post('/login', {
        login: amina.user.phone_1,
        password: TEST_PASSWORD,
      });
      expect(signIn.statusCode).toBe(200);
      await writesHeard(ctx().app);
      const token = other.cookies.get('XSRF-TOKEN')!;
      expect(token).not.toBe(amina.client.cookies.get('XSRF-TOKEN'));
      const elsewhere = await page(other, url);
      expect(counts().visitsReused).toBe(before.visitsReused + 1);
      expect((parts(elsewhere.body).form as { xsrf: string }).xsrf).toBe(token);
      expect(elsewhere.body).not.toContain(amina.client.cookies.get('XSRF-TOKEN')!);
    });

    it("sends a visitor's kept page before the route, after the checks before it: the read limit", async () => {
      const { url } = await offerOf('Vendeur', 'Offre très lue');
      const amina = await buyer('Aminetou');
      Object.assign(amina.client, { address: '203.0.113.78' });
      const before = counts();
      const statuses: number[] = [];
      for (let i = 0; i <= SINGLE_READ_LIMIT.limit; i++) {
        statuses.push((await page(amina.client, url)).statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(SINGLE_READ_LIMIT.limit);
      expect(statuses.at(-1)).toBe(429);
      expect(counts().visitsReused - before.visitsReused).toBe(SINGLE_READ_LIMIT.limit - 1);
    });

    it("renders a visitor's parts once for their loads at the same time", async () => {
      const { url } = await offerOf('Vendeur', 'Offre demandée');
      const amina = await buyer('Aminetou');
      const parts = vi.spyOn(render, 'parts');
      try {
        const loads = await Promise.all(Array.from({ length: 5 }, () => page(amina.client, url)));
        expect(loads.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
        expect(new Set(loads.map((res) => res.body)).size).toBe(1);
        expect(parts).toHaveBeenCalledTimes(1);
      } finally {
        parts.mockRestore();
      }
    });

    it('sends the same page gzipped to a browser that takes gzip', async () => {
      const { url } = await offerOf('Vendeur', 'Dromadaire');
      const amina = await buyer('Aminetou');
      for (let i = 0; i < 2; i++) {
        const plain = await page(amina.client, url);
        const zipped = await amina.client.get(url, {
          xsrf: false,
          headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
        });
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary).toMatch(/accept-encoding/i);
        expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
      }
    });

    it('gives the author of a held offer their page, not the 404 a kept render as no one has', async () => {
      const { owner, product, url } = await offerOf('Auteur', 'Offre en attente');
      await ctx()
        .app.db.updateTable('products')
        .set({ moderation_status: 'review' })
        .where('id', '=', product.id)
        .execute();
      await ctx().client().get('/healthz');
      const amina = await buyer('Aminetou');
      // Others (signed in or not) do not find it.
      expect((await page(amina.client, url)).statusCode).toBe(404);
      // Its author does, twice (the second after any render was kept), as staff would.
      for (let i = 0; i < 2; i++) {
        const own = await page(owner.client, url);
        expect(own.statusCode).toBe(200);
        expect(own.body).toContain('Offre en attente');
      }
      expect((await page(amina.client, url)).statusCode).toBe(404);
    });
  },
  { render },
);

describe('kept renders', () => {
  it('are only for pages whose visitor parts are all marked', () => {
    expect(render.keeps('/products/product/12')).toBe(true);
    expect(render.keeps('/')).toBe(false);
    expect(render.keeps('/search?name=x')).toBe(false);
  });
});
