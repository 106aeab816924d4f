import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { openSse } from '../test/sse';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { member } from '../features/commands/conversations.fixtures';

// Issue 18, another process's writes (docs/live-events.md). A plain pg client stands for another
// server process (or the CLI): it writes with SQL of its own, which this process's write tracker
// never sees, so only PostgreSQL's NOTIFY (migration 012's triggers, the event bus) can tell it.
// With the bus connected the product cache keeps no time window: the change shows at once, and a
// notification another process inserts reaches the stream held here.

describeEachEngine('event bus: writes of other processes', (ctx, engine) => {
  // What these tests are about exists on PostgreSQL only (several processes on one database,
  // NOTIFY at commit); on SQLite, one process, they are skipped, not counted as passed.
  const postgresOnly = it.skipIf(engine !== 'postgres');

  let other: pg.Client;
  let base: string;
  let productId: number;
  let owner: Awaited<ReturnType<typeof member>>;

  // The setup of the PostgreSQL-only tests: registered on that engine only.
  const postgresSetup = engine === 'postgres' ? beforeAll : () => {};
  postgresSetup(async () => {
    other = new pg.Client({ connectionString: ctx().config.databaseUrl });
    await other.connect();
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx().app.server.address() as { port: number }).port}`;
    owner = await member(ctx(), 'user', 'Owner');
    const db = ctx().app.db;
    const sub = await createSubcategory(db);
    productId = (
      await createProduct(db, {
        shop_id: await personalShopOf(db, owner.user.id),
        psubcategory_id: sub.id,
        user_id: owner.user.id,
      })
    ).id;
  });
  afterAll(async () => other?.end());

  const read = async () =>
    (await ctx().client().get(`/products/product/${productId}`)).json().product;

  it('on SQLite, the one process: the bus is live in-process', () => {
    expect(ctx().app.events.live).toBe(true);
  });

  postgresOnly('drops a cached product within 100 ms of a write committed elsewhere', async () => {
    await read();
    await read(); // cached now
    await other.query('update products set name = $1 where id = $2', [
      'renamed elsewhere',
      productId,
    ]);
    const deadline = Date.now() + 100;
    let product = await read();
    while (product.name !== 'renamed elsewhere' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
      product = await read();
    }
    expect(product.name).toBe('renamed elsewhere');
  });

  postgresOnly('never announces a write that did not commit', async () => {
    await read();
    await other.query('begin');
    // A write that does not commit is never announced.
    await other.query('update products set name = $1 where id = $2', ['rolled back', productId]);
    await other.query('rollback');
    expect((await read()).name).toBe('renamed elsewhere');
  });

  postgresOnly(
    'delivers a notification inserted by another process to the stream held here',
    async () => {
      const s = await openSse(base, '/notifications/stream', owner.client);
      await s.next('unread');
      const { rows } = await other.query(
        `insert into notifications (user_id, type, data, created_at) values ($1, 'commented', $2, $3) returning id`,
        [owner.user.id, JSON.stringify({ product_id: productId }), new Date().toISOString()],
      );
      const event = await s.next('notification', 1_000);
      expect(event.id).toBe(String(rows[0].id));
      expect(JSON.parse(event.data)).toMatchObject({
        type: 'commented',
        data: { product_id: productId },
      });
      s.close();
    },
  );
});
