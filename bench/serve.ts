import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedIfEmpty } from '../server/db/seed';
import { createProduct, createSubcategory, personalShopOf } from '../server/test/fixtures';

// The real server as `npm start` runs it (logs at warn), on the database the environment names,
// with one known product to read. Reports its address and the ids to the parent process.
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
const app = await buildApp(config);
await seedIfEmpty(app.db, config);
const owner = await app.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
let product = await app.db.selectFrom('products').select('id').orderBy('id').executeTakeFirst();
if (!product) {
  const sub = await createSubcategory(app.db);
  product = await createProduct(app.db, {
    shop_id: await personalShopOf(app.db, owner.id),
    psubcategory_id: sub.id,
    user_id: owner.id,
  });
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, productId: product.id });
process.on('message', (m) => {
  if (m === 'rss') process.send?.({ rss: process.memoryUsage().rss });
});
