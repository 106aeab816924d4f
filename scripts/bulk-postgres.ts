import { sql } from 'kysely';
import type { DB, Executor } from '../server/db/types';
import {
  bulkProducts,
  insertBulkProducts,
  nextProducts,
  type BulkOptions,
  type BulkProduct,
  type BulkResult,
} from './bulk-products';

// PostgreSQL's bulk seed (npm run seed:bulk; docs/search.md, "5,000,000 offers on PostgreSQL").
// The generated products (bulk-products.ts) go in one of two ways, with the same rows:
// - inserts (--inserts): 500-row INSERTs, every index and foreign key checked row by row: 620 to
//   1,000 products a second on the 2-core machine of the benchmarks;
// - sets (the default): the indexes and foreign keys of products and product_pfield are dropped,
//   the rows go in as JSON sets (one statement per batch, the next batch generated while
//   PostgreSQL writes this one), and the indexes and keys are made again, from their own
//   definitions as the catalogue held them (so the end state is the migrations'), all in one
//   transaction after the shops are written: an interrupted seed leaves no product behind.
// Either way the vocabulary trigger (009) is off during the load and the vocabulary is counted
// once after it: the count of a term shared by most rows would otherwise be updated thousands
// of times in one transaction, each update walking that row's earlier versions.

/** Rows per statement of the sets path (each a JSON parameter of a few MB). */
const ROWS_PER_SET = 5000;

const TABLES = sql`('products'::regclass, 'product_pfield'::regclass)`;

/**
 * Drops the indexes (other than the primary keys) and the foreign keys of products and
 * product_pfield; returns how to make them again, in the same order and with the same names.
 */
async function dropIndexesAndKeys(trx: Executor): Promise<string[]> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
    from pg_index where indrelid in ${TABLES}
      and not exists (select 1 from pg_constraint where conindid = indexrelid)
    order by indexrelid`.execute(trx);
  const { rows: keys } = await sql<{ on: string; name: string; definition: string }>`
    select conrelid::regclass::text as on, conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint where contype = 'f' and conrelid in ${TABLES}
    order by oid`.execute(trx);
  for (const k of keys) {
    await sql.raw(`alter table ${k.on} drop constraint ${k.name}`).execute(trx);
  }
  for (const i of indexes) await sql.raw(`drop index ${i.name}`).execute(trx);
  return [
    ...indexes.map((i) => i.definition),
    ...keys.map((k) => `alter table ${k.on} add constraint ${k.name} ${k.definition}`),
  ];
}

/** A batch of products with ids from `firstId` on, and their field values, in one statement. */
function writeSet(trx: Executor, batch: BulkProduct[], firstId: number) {
  const rows = batch.map((m, k) => ({ id: firstId + k, ...m.row }));
  const values = batch.flatMap((m, k) => m.pfields.map((v) => ({ product_id: firstId + k, ...v })));
  const columns = sql.join(Object.keys(rows[0]).map((c) => sql.ref(c)));
  return sql`with written as (insert into products (${columns})
      select ${columns} from json_populate_recordset(null::products, ${JSON.stringify(rows)}::json))
    insert into product_pfield (product_id, pfield_id, value)
      select product_id, pfield_id, value
      from json_populate_recordset(null::product_pfield, ${JSON.stringify(values)}::json)`.execute(
    trx,
  );
}

/** Writes the products as sets (see above); the ids of the products written. */
async function writeSets(
  trx: Executor,
  products: Generator<BulkProduct>,
  options: BulkOptions & { log: (line: string) => void },
): Promise<{ first: number }> {
  // The ids of the whole seed, taken from the sequence at once.
  const { rows } = await sql<{ first: number }>`
    select nextval(pg_get_serial_sequence('products', 'id')) as first`.execute(trx);
  const first = Number(rows[0].first);
  await sql`select setval(pg_get_serial_sequence('products', 'id'), ${first + options.count - 1})`.execute(
    trx,
  );
  const rebuild = await dropIndexesAndKeys(trx);
  let writing: Promise<unknown> = Promise.resolve();
  for (let done = 0; done < options.count;) {
    const batch = nextProducts(products, Math.min(ROWS_PER_SET, options.count - done));
    await writing;
    writing = writeSet(trx, batch, first + done);
    done += batch.length;
    options.onProgress?.(done);
  }
  await writing;
  await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
  for (const statement of rebuild) {
    const started = Date.now();
    await sql.raw(statement).execute(trx);
    options.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${statement}`);
  }
  return { first };
}

/** Counts the vocabulary (search_terms, 009) of the products from id `first` on. */
function countVocabulary(db: Executor, first: number) {
  return sql`insert into search_terms(term, length, count)
    select t, length(t), count(*)
    from products, unnest(string_to_array(search_stems || ' ' || search_related, ' ')) t
    where t <> '' and products.id >= ${first} group by t
    on conflict (term) do update set count = search_terms.count + excluded.count`.execute(db);
}

const vocabularyTrigger = (db: Executor, on: boolean) =>
  sql
    .raw(`alter table products ${on ? 'enable' : 'disable'} trigger search_terms_insert_delete`)
    .execute(db);

/** Seeds `count` generated products into a PostgreSQL database, by sets unless `inserts`. */
export async function seedPostgres(
  db: DB,
  options: BulkOptions & { inserts?: boolean; log?: (line: string) => void },
): Promise<BulkResult & { vocabularyMs: number; analyzeMs: number }> {
  const log = options.log ?? (() => {});
  let result: BulkResult;
  let vocabularyMs: number;
  if (options.inserts) {
    const { first } = await nextId(db);
    await vocabularyTrigger(db, false);
    result = await insertBulkProducts(db, options);
    const counted = Date.now();
    await countVocabulary(db, first);
    vocabularyMs = Date.now() - counted;
    await vocabularyTrigger(db, true);
  } else {
    const started = Date.now();
    const { shops, products } = await bulkProducts(db, options);
    ({ result, vocabularyMs } = await db.transaction().execute(async (trx) => {
      await vocabularyTrigger(trx, false);
      const { first } = await writeSets(trx, products, { ...options, log });
      const counted = Date.now();
      await countVocabulary(trx, first);
      const ms = Date.now() - counted;
      await vocabularyTrigger(trx, true);
      return {
        result: { products: options.count, shops, ms: Date.now() - started },
        vocabularyMs: ms,
      };
    }));
  }
  // Fresh statistics, so that the planner knows the new sizes at once; vacuum also merges the
  // GIN indexes' pending lists (every search would scan them until then). The whole database, so
  // that no table the seed fills (directly, by triggers or by the catalogue it makes) is missed:
  // without statistics (autovacuum off, or not yet run) the planner hashed the whole vocabulary
  // for a rare word's near spellings (380 ms at 1,000,000), read field values through the wrong
  // index (docs/search.md, "PostgreSQL at 1,000,000, session 16"), and merge-joined every
  // owner's offers for the sitemap's users (shop_employees, left out of a list of tables: 5 s).
  const analyzed = Date.now();
  await sql`vacuum analyze`.execute(db);
  return { ...result, vocabularyMs, analyzeMs: Date.now() - analyzed };
}

/** The first id the next product will have (the inserts path counts the vocabulary from it). */
async function nextId(db: Executor): Promise<{ first: number }> {
  const { rows } = await sql<{
    last: number;
  }>`select coalesce(max(id), 0) as last from products`.execute(db);
  return { first: Number(rows[0].last) + 1 };
}
