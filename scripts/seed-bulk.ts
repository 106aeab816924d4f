import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { connect } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { insertBulkProducts } from './bulk-products';
import { seedPostgres } from './bulk-postgres';

// npm run seed:bulk -- --products N [--seed S] [--bumped P] [--inserts] [--distinct D]
// Inserts N generated products (no images) into the configured database (DATA_DIR's SQLite
// file, or DATABASE_URL), for benchmarks. Run it on a database made for that, not on real data.
// --bumped P: P % of the offers bumped within the last 30 days (default 0; the products are the
// same either way). --inserts: PostgreSQL writes them row by row with every index in place, as
// SQLite does, instead of as sets with the indexes made after (scripts/bulk-postgres.ts).
// --distinct D: only the first D products are generated one by one, the others are varied copies
// of them (scripts/bulk-copies.ts): 1.3 ms a product otherwise, 1.8 hours for 5,000,000.
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seed: { type: 'string' },
    bumped: { type: 'string', default: '0' },
    inserts: { type: 'boolean', default: false },
    distinct: { type: 'string' },
  },
});
const count = Number(values.products);
const bumped = Number(values.bumped);
const distinct = values.distinct === undefined ? undefined : Number(values.distinct);
if (
  !Number.isSafeInteger(count) ||
  count < 1 ||
  !(bumped >= 0 && bumped <= 100) ||
  (distinct !== undefined && !(Number.isSafeInteger(distinct) && distinct >= 1))
) {
  console.error(
    'usage: npm run seed:bulk -- --products N (a whole number of at least 1) [--bumped P (0-100)] [--inserts] [--distinct D]',
  );
  process.exit(2);
}

const config = loadConfig();
// No statement timeout: a batch of 500 rows, with the index triggers of every row, can take
// longer than the server's 5 s bound on a loaded PostgreSQL (seeding 1,000,000 stopped there),
// and the sets path builds every index in one transaction.
const { db, dialect, close } = connect({ ...config, statementTimeoutMs: 0 });
try {
  await migrateToLatest(db, dialect);
  let lastReport = Date.now();
  const options = {
    count,
    seed: values.seed ? Number(values.seed) : undefined,
    bumped: bumped / 100,
    distinct,
    onProgress: (done: number) => {
      if (Date.now() - lastReport > 5000 || done === count) {
        lastReport = Date.now();
        console.info(`  ${done.toLocaleString('en')} / ${count.toLocaleString('en')}`);
      }
    },
  };
  let result;
  let after;
  if (dialect === 'postgres') {
    result = await seedPostgres(db, { ...options, inserts: values.inserts, log: console.info });
    after =
      `vocabulary counted in ${(result.vocabularyMs / 1000).toFixed(1)} s; ` +
      `vacuum analyze ${(result.analyzeMs / 1000).toFixed(1)} s`;
  } else {
    result = await insertBulkProducts(db, options);
    // Fresh statistics, so that the planner knows the new sizes at once.
    const analyzeStarted = Date.now();
    await sql`analyze`.execute(db);
    after = `analyze ${((Date.now() - analyzeStarted) / 1000).toFixed(1)} s`;
  }
  console.info(
    `inserted ${result.products.toLocaleString('en')} products in ${result.shops} new shops ` +
      `into ${dialect} in ${(result.ms / 1000).toFixed(1)} s ` +
      `(${Math.round((result.products * 1000) / result.ms).toLocaleString('en')} a second; ${after})`,
  );
} finally {
  await close();
}
