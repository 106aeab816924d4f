import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { connect } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { insertBulkProducts } from './bulk-products';

// npm run seed:bulk -- --products N [--seed S] [--bumped P]
// Inserts N generated products (no images) into the configured database (DATA_DIR's SQLite
// file, or DATABASE_URL), for benchmarks. Run it on a database made for that, not on real data.
// --bumped P: P % of the offers bumped within the last 30 days (default 0; the products are the
// same either way).
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seed: { type: 'string' },
    bumped: { type: 'string', default: '0' },
  },
});
const count = Number(values.products);
const bumped = Number(values.bumped);
if (!Number.isSafeInteger(count) || count < 1 || !(bumped >= 0 && bumped <= 100)) {
  console.error(
    'usage: npm run seed:bulk -- --products N (a whole number of at least 1) [--bumped P (0-100)]',
  );
  process.exit(2);
}

const config = loadConfig();
// No statement timeout: a batch of 500 rows, with the index triggers of every row, can take
// longer than the server's 5 s bound on a loaded PostgreSQL (seeding 1,000,000 stopped there).
const { db, dialect, close } = connect({ ...config, statementTimeoutMs: 0 });
try {
  await migrateToLatest(db, dialect);
  // PostgreSQL: the vocabulary trigger (009) bumps the count of each of a row's terms; a term
  // shared by most rows (a subcategory's name) is then updated thousands of times in one
  // transaction, each update walking the chain of that row's earlier versions: a 500-row insert
  // took 30-50 s. The vocabulary is counted once at the end instead, in one statement.
  const before =
    dialect === 'postgres'
      ? Number(
          (
            await db
              .selectFrom('products')
              .select((eb) => eb.fn.max('id').as('id'))
              .executeTakeFirst()
          )?.id ?? 0,
        )
      : 0;
  if (dialect === 'postgres') {
    await sql`alter table products disable trigger search_terms_insert_delete`.execute(db);
  }
  let lastReport = Date.now();
  const result = await insertBulkProducts(db, {
    count,
    seed: values.seed ? Number(values.seed) : undefined,
    bumped: bumped / 100,
    onProgress: (done) => {
      if (Date.now() - lastReport > 5000 || done === count) {
        lastReport = Date.now();
        console.info(`  ${done.toLocaleString('en')} / ${count.toLocaleString('en')}`);
      }
    },
  });
  if (dialect === 'postgres') {
    const counted = Date.now();
    await sql`insert into search_terms(term, length, count)
      select t, length(t), count(*)
      from products, unnest(string_to_array(search_stems || ' ' || search_related, ' ')) t
      where t <> '' and products.id > ${before} group by t
      on conflict (term) do update set count = search_terms.count + excluded.count`.execute(db);
    await sql`alter table products enable trigger search_terms_insert_delete`.execute(db);
    console.info(`vocabulary counted in ${((Date.now() - counted) / 1000).toFixed(1)} s`);
  }
  // Fresh statistics, so that the planner knows the new sizes at once; on PostgreSQL, vacuum
  // also merges the GIN indexes' pending lists (every search would scan them until then).
  const analyzeStarted = Date.now();
  await (dialect === 'postgres' ? sql`vacuum analyze products` : sql`analyze`).execute(db);
  console.info(
    `inserted ${result.products.toLocaleString('en')} products in ${result.shops} new shops ` +
      `into ${dialect} in ${(result.ms / 1000).toFixed(1)} s ` +
      `(${Math.round((result.products * 1000) / result.ms).toLocaleString('en')} a second; ` +
      `analyze ${((Date.now() - analyzeStarted) / 1000).toFixed(1)} s)`,
  );
} finally {
  await close();
}
