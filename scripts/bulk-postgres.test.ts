import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connection } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { createDatabaseOn } from '../server/test/postgres-database';
import { search } from '../server/features/search/search.service';
import { catalogueLabels } from '../server/features/search/search-index';
import { searchColumns } from '../shared/domain/search-index-terms';
import { searchBody } from '../shared/schemas/search';
import { searchCases } from '../bench/search-cases';
import { seedPostgres } from './bulk-postgres';

// scripts/bulk-postgres.ts: the same generated products written row by row (inserts) and as sets
// with the indexes made after (the default) give the same rows, vocabulary, schema and search
// answers; varied copies (--distinct) hold the search columns the products feature would write.

const baseUrl = process.env.TEST_DATABASE_URL;
const SEED = { count: 2000, seed: 7, bumped: 0.2 };

interface Seeded {
  connection: Connection;
  /** The tables the seed wrote: empty after the migrations, not after the seed. */
  filled: string[];
  drop(): Promise<void>;
}

/** The public tables holding rows. */
async function tablesWithRows(db: Connection['db']): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`select relname as name from pg_class
    where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`.execute(db);
  const held: string[] = [];
  for (const { name } of tables) {
    const { rows: first } = await sql`select 1 from ${sql.table(name)} limit 1`.execute(db);
    if (first.length) held.push(name);
  }
  return held;
}

async function seeded(inserts: boolean): Promise<Seeded> {
  const created = await createDatabaseOn(baseUrl!, 'souq_test_bulk');
  const connection = connect({ databaseUrl: created.url, dataDir: '', statementTimeoutMs: 0 });
  await migrateToLatest(connection.db, 'postgres');
  const before = await tablesWithRows(connection.db);
  await seedPostgres(connection.db, { ...SEED, inserts });
  const filled = (await tablesWithRows(connection.db)).filter((t) => !before.includes(t));
  return { connection, filled, drop: () => connection.close().then(created.drop) };
}

/** Every row of a query, as JSON lines (dates left out: they follow the time of each seed). */
async function rows(c: Seeded, query: string): Promise<string[]> {
  const { rows: found } = await sql.raw<Record<string, unknown>>(query).execute(c.connection.db);
  return found.map((r) => JSON.stringify(r));
}

const PRODUCTS = `select id, type, shop_id, user_id, psubcategory_id, name, name_ar, name_fr,
  more_infos_ar, more_infos_fr, price, offer_type, negotiable, used, delivery, private, number,
  latitude, longitude, distance, contact_methods, search_text, search_stems, search_related,
  search_vector::text, moderation_status, bumped_at is null as unbumped from products order by id`;

describe.skipIf(!baseUrl)('bulk seed on PostgreSQL', () => {
  let inserted: Seeded;
  let sets: Seeded;
  beforeAll(async () => {
    [inserted, sets] = await Promise.all([seeded(true), seeded(false)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([inserted?.drop(), sets?.drop()]);
  });

  it('writes the same products, field values, vocabulary and schema both ways [postgres]', async () => {
    for (const query of [
      PRODUCTS,
      'select * from product_pfield order by product_id, pfield_id',
      'select * from search_terms order by term',
      'select * from search_term_variants order by variant, term',
      `select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
      `select conrelid::regclass::text as on, conname, pg_get_constraintdef(oid), convalidated
        from pg_constraint order by 1, 2`,
      `select tgrelid::regclass::text as on, tgname, tgenabled from pg_trigger
        where not tgisinternal order by 1, 2`,
    ]) {
      const [a, b] = await Promise.all([rows(inserted, query), rows(sets, query)]);
      expect(b.length, query).toBeGreaterThan(0);
      expect(b, query).toEqual(a);
    }
    const [{ n }] = (
      await sql<{ n: number }>`select count(*)::int as n from products`.execute(sets.connection.db)
    ).rows;
    expect(n).toBe(SEED.count);
  });

  it('leaves every table it wrote with statistics [postgres]', async () => {
    // Without them the planner guesses: the sitemap's probe of users 4,001-6,000 at 1,000,000
    // offers merge-joined every owner's offers (680,000 rows, 5 s) while shop_employees had none.
    expect(sets.filled).toEqual(expect.arrayContaining(['products', 'shop_employees', 'users']));
    const { rows: never } = await sql<{ name: string }>`select relname as name from pg_class
      where relname = any(${sets.filled}) and reltuples < 0`.execute(sets.connection.db);
    expect(never.map((r) => r.name)).toEqual([]);
  });

  it("answers the bench's searches with the same products both ways [postgres]", async () => {
    const cases = await searchCases(inserted.connection.db);
    const answer = async (c: Seeded, i: number) => {
      const { source, body } = cases[i];
      const { products } = await search(
        c.connection.db,
        'postgres',
        null,
        source?.name ?? 'all',
        source?.id ?? 0,
        searchBody.parse(body),
      );
      return { total: products.total, ids: products.data.map((p) => p.id) };
    };
    let found = 0;
    for (let i = 0; i < cases.length; i++) {
      const [a, b] = await Promise.all([answer(inserted, i), answer(sets, i)]);
      expect(b, JSON.stringify(cases[i])).toEqual(a);
      found += a.total > 0 ? 1 : 0;
    }
    expect(found).toBeGreaterThan(cases.length / 2);
  }, 60_000);

  it('adds varied copies whose search columns are those of their texts [postgres]', async () => {
    const db = sets.connection.db;
    await seedPostgres(db, { count: 1500, seed: 8, distinct: 300 });
    const { rows: copies } = await sql<{
      texts: (string | null)[];
      catalogue: { name: string; name_ar: string | null; name_fr: string | null }[];
      search_text: string;
      search_stems: string;
      search_related: string;
    }>`select array[p.name, p.name_ar, p.name_fr, p.more_infos_ar, p.more_infos_fr] as texts,
        json_build_array(json_build_object('name', s.name, 'name_ar', s.name_ar, 'name_fr', s.name_fr),
          json_build_object('name', c.name, 'name_ar', c.name_ar, 'name_fr', c.name_fr)) as catalogue,
        p.search_text, p.search_stems, p.search_related
      from products p join psubcategories s on s.id = p.psubcategory_id
        join pcategories c on c.id = s.pcategory_id
      where p.id > ${SEED.count + 300} order by p.id`.execute(db);
    expect(copies).toHaveLength(1200);
    for (const p of copies) {
      const [sub, category] = p.catalogue;
      expect({
        search_text: p.search_text,
        search_stems: p.search_stems,
        search_related: p.search_related,
      }).toEqual(searchColumns(p.texts, catalogueLabels([sub]), catalogueLabels([category])));
    }
    // Rare words stay rare: the copies' reference codes are mostly new ones.
    const { rows: codes } = await sql<{ codes: number; distinct: number }>`
      select count(*)::int as codes, count(distinct m[1])::int as distinct
      from products, regexp_matches(search_text, 'ref ([0-9a-z]+)', 'g') m
      where id > ${SEED.count}`.execute(db);
    expect(codes[0].distinct).toBeGreaterThan(codes[0].codes * 0.7);
  }, 60_000);
});
