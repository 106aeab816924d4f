import os from 'node:os';
import zlib from 'node:zlib';
import { CompiledQuery, sql } from 'kysely';
import { insertProducts, numbersUpTo, withThrowawayApp } from '../../../bench/throwaway-app';
import { createSubcategory } from '../../test/fixtures';
import { rowsInQuery } from './seo.repository';
import { sitemapEntries, urlsetXml } from './seo.service';

// The sitemaps at a million offers and demands (one in twenty hidden) of 10,000 sellers among
// 100,000 users, docs/seo.md:
//   npx tsx server/features/seo/sitemap.bench.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx server/features/seo/sitemap.bench.ts
// The first request to each file (which builds it), then the median of RUNS requests served from
// the cache, through inject (one process, no network); SITEMAP_PAGE_SIZE sets the file size. The rows are written by one
// INSERT … SELECT, with the search triggers dropped first (bench/throwaway-app.ts; the sitemap
// reads none of what they maintain).

const PRODUCTS = Number(process.env.PRODUCTS ?? 1_000_000);
const RUNS = 7;
const USERS = Number(process.env.USERS ?? 100_000);
const SELLER_EVERY = 10;

async function main() {
  await withThrowawayApp(
    {
      REQUEST_TIMEOUT_MS: '0',
      STATEMENT_TIMEOUT_MS: '0',
      ...(process.env.SITEMAP_PAGE_SIZE
        ? { SITEMAP_PAGE_SIZE: process.env.SITEMAP_PAGE_SIZE }
        : {}),
    },
    async ({ app, config, db, dialect }) => {
      const sub = await createSubcategory(db);
      const at = new Date().toISOString();
      const started = Date.now();
      // USERS users; one in SELLER_EVERY owns a shop, over which the products are spread in turn.
      const sellers = Math.ceil(USERS / SELLER_EVERY);
      await sql`insert into users (first_name, last_name, phone_1, password_hash, created_at,
          updated_at)
        select 'Bench', 'User ' || i, '2' || (10000000 + i), '-', ${at}, ${at}
        from (${numbersUpTo(dialect, USERS)}) as numbers`.execute(db);
      await sql`insert into shops (name, created_at, updated_at)
        select 'Shop ' || i, ${at}, ${at} from (${numbersUpTo(dialect, sellers)}) as numbers`.execute(
        db,
      );
      const first = async (table: 'users' | 'shops') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.min('id').as('id'))
              .executeTakeFirstOrThrow()
          ).id,
        );
      const [firstUser, firstShop] = [await first('users'), await first('shops')];
      await sql`insert into shop_employees (shop_id, user_id, role, created_at)
        select ${firstShop} + i - 1, ${firstUser} + (i - 1) * ${SELLER_EVERY}, 'owner', ${at}
        from (${numbersUpTo(dialect, sellers)}) as numbers`.execute(db);
      await insertProducts(db, dialect, {
        count: PRODUCTS,
        firstShopId: firstShop,
        shops: sellers,
        psubcategoryId: sub.id,
        hiddenEvery: 20,
      });
      await sql`analyze`.execute(db);
      console.info(
        `${dialect}: ${USERS} users, ${PRODUCTS} products written in ${Date.now() - started} ms; ` +
          `${config.sitemapPageSize} URLs a file; load average ${os
            .loadavg()
            .map((n) => n.toFixed(1))
            .join(' ')}`,
      );

      const measure = async (url: string) => {
        // The first request builds the file (sitemap-cache.ts); the next ones are served as built,
        // gzipped as crawlers take them.
        const gzipped = { url, headers: { 'accept-encoding': 'gzip' } };
        const time = async () => {
          const t = process.hrtime.bigint();
          const res = await app.inject(gzipped);
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
          return { ms: Number(process.hrtime.bigint() - t) / 1e6, res };
        };
        const cold = await time();
        const warm: number[] = [];
        for (let i = 0; i < RUNS; i += 1) warm.push((await time()).ms);
        warm.sort((a, b) => a - b);
        const xml = zlib.gunzipSync(cold.res.rawPayload);
        const urls = (xml.toString().match(/<loc>/g) ?? []).length;
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        console.info(
          `${dialect} ${url}: built ${cold.ms.toFixed(1)} ms, then median ${warm[RUNS >> 1].toFixed(1)} ms, ` +
            `${urls} <loc>, ${kib(xml.length)} (${kib(cold.res.rawPayload.length)} gzipped)`,
        );
        return xml.toString();
      };
      const index = await measure('/sitemap.xml');
      const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/products-\d+\.xml)<\/loc>/g)].map(
        (m) => m[1],
      );
      await measure(files[0]);
      await measure(files[files.length - 1]);
      const users = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/users-\d+\.xml)<\/loc>/g)];
      if (users.length) await measure(users[0][1]);
      // Where a file's time goes: the query, then the XML.
      const t0 = process.hrtime.bigint();
      const entries = (await sitemapEntries(db, config.sitemapPageSize, 'products', 1)) ?? [];
      const t1 = process.hrtime.bigint();
      urlsetXml(config.publicUrl, entries);
      const t2 = process.hrtime.bigint();
      const ms = (a: bigint, b: bigint) => (Number(b - a) / 1e6).toFixed(1);
      console.info(`${dialect} products-1: query ${ms(t0, t1)} ms, XML ${ms(t1, t2)} ms`);
      if (process.env.EXPLAIN) {
        const size = config.sitemapPageSize;
        const query = rowsInQuery(db, 'users', 0, size, size).compile();
        const prefix = dialect === 'postgres' ? 'explain analyze ' : 'explain query plan ';
        const plan = await db.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
        );
        for (const row of plan.rows) console.info('   ', Object.values(row).join(' '));
      }
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
