import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { loadRenderer } from '../server/plugins/page-render';
import { seedIfEmpty } from '../server/db/seed';
import { createProduct, createSubcategory, personalShopOf } from '../server/test/fixtures';

// The real server as `npm start` runs it (logs at warn), on the database the environment names
// (DATA_DIR or DATABASE_URL; the demo seed when empty), with one known product to read: one from
// the middle of the table, so that a database of a million products is not read at its first row.
// Reports its address and the product id to the parent process, and its memory and the page
// cache's counts when asked.
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
const app = await buildApp(config, { render: await loadRenderer(config.webDir) });
await seedIfEmpty(app.db, config);

async function productToRead(): Promise<number> {
  const { max } = await app.db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  const middle = await app.db
    .selectFrom('products')
    .select('id')
    .where('id', '>=', Math.ceil(Number(max ?? 0) / 2))
    .orderBy('id')
    .executeTakeFirst();
  if (middle) return middle.id;
  const owner = await app.db
    .selectFrom('users')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const sub = await createSubcategory(app.db);
  const made = await createProduct(app.db, {
    shop_id: await personalShopOf(app.db, owner.id),
    psubcategory_id: sub.id,
    user_id: owner.id,
  });
  return made.id;
}

const productId = await productToRead();
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, productId });
process.on('message', (m) => {
  if (m === 'rss') {
    process.send?.({
      rss: process.memoryUsage().rss,
      maxRss: process.resourceUsage().maxRSS * 1024,
    });
  }
  // What the page cache served (pages.ts): how many signed-in loads found their page kept.
  const asked = m as { pageStats?: number };
  if (typeof asked.pageStats === 'number') {
    process.send?.({ pageStats: { ...app.pageCache.stats }, id: asked.pageStats });
  }
});
