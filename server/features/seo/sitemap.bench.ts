import zlib from 'node:zlib';
import { sql } from 'kysely';
import { injectMedian, insertProducts, withThrowawayApp } from '../../../bench/throwaway-app';
import { createSubcategory } from '../../test/fixtures';
import { sitemapEntries, urlsetXml } from './seo.service';

// The sitemaps at a million offers and demands (one in twenty hidden), docs/seo.md:
//   npx tsx server/features/seo/sitemap.bench.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx server/features/seo/sitemap.bench.ts
// Medians of RUNS requests through inject (one process, no network). The rows are written by one
// INSERT … SELECT, with the search triggers dropped first (bench/throwaway-app.ts; the sitemap
// reads none of what they maintain).

const PRODUCTS = Number(process.env.PRODUCTS ?? 1_000_000);
const RUNS = 7;

async function main() {
  await withThrowawayApp(
    { REQUEST_TIMEOUT_MS: '0', STATEMENT_TIMEOUT_MS: '0' },
    async ({ app, config, db, dialect }) => {
      const sub = await createSubcategory(db);
      const at = new Date().toISOString();
      const shop = await db
        .insertInto('shops')
        .values({ name: 'Bench', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const started = Date.now();
      await insertProducts(db, dialect, {
        count: PRODUCTS,
        firstShopId: shop.id,
        psubcategoryId: sub.id,
        hiddenEvery: 20,
      });
      await sql`analyze`.execute(db);
      console.info(`${dialect}: ${PRODUCTS} products written in ${Date.now() - started} ms`);

      const measure = async (url: string) => {
        const { median, res } = await injectMedian(app, url, RUNS);
        const urls = (res.body.match(/<loc>/g) ?? []).length;
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        console.info(
          `${dialect} ${url}: median ${median.toFixed(1)} ms, ${urls} <loc>, ` +
            `${kib(res.rawPayload.length)} (${kib(zlib.gzipSync(res.rawPayload, { level: 6 }).length)} gzipped)`,
        );
        return res.body;
      };
      const index = await measure('/sitemap.xml');
      const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/products-\d+\.xml)<\/loc>/g)].map(
        (m) => m[1],
      );
      await measure(files[0]);
      await measure(files[files.length - 1]);
      // Where a file's time goes: the query, then the XML.
      const t0 = process.hrtime.bigint();
      const entries = (await sitemapEntries(db, config.sitemapPageSize, 'products', 1)) ?? [];
      const t1 = process.hrtime.bigint();
      urlsetXml(config.publicUrl, entries);
      const t2 = process.hrtime.bigint();
      const ms = (a: bigint, b: bigint) => (Number(b - a) / 1e6).toFixed(1);
      console.info(`${dialect} products-1: query ${ms(t0, t1)} ms, XML ${ms(t1, t2)} ms`);
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
