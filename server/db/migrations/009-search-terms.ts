import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import { catalogueLabels } from '../../features/search/search-index';

// Issue 17, the search language pipeline (docs/search.md, "Language pipeline"): besides its text
// as written (`search_text`), each product's index holds the stems of its words
// (`search_stems`) and related words (`search_related`: lexicon words for its words, its
// category and subcategory names and theirs). Both are written by the products feature with
// shared/domain/search-terms.ts; this migration computes them for existing rows, rebuilds the
// text index of each engine over the three, and keeps a vocabulary of their terms with counts
// (`search_terms`, the typo tier's dictionary), maintained by triggers on both engines alike.
// PostgreSQL's trigram fallback (004) goes: typos are now found the same way on both engines.

/**
 * PostgreSQL: the three columns as one vector, weighted A (as written), B (stems), C (related),
 * so a query can look for a word in some of them (`word:*A`, `stem:BC`).
 */
const PG_SEARCH_VECTOR = sql.raw(`
  setweight(to_tsvector('simple'::regconfig,
    regexp_replace(search_text, '[[:punct:]]+', ' ', 'g')), 'A')
  || setweight(to_tsvector('simple'::regconfig, search_stems), 'B')
  || setweight(to_tsvector('simple'::regconfig, search_related), 'C')`);

const BATCH = 1000;

/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Writes every product's `search_stems` and `search_related` as shared/domain/search-index-terms.ts
 * makes them now, in batches by id; a row whose columns would not change is not written (the
 * triggers keep the text indexes and the vocabulary in step with each write). Migrations that
 * change what a product's index holds (029) run it again.
 */
export async function writeSearchColumns(db: Kysely<any>) {
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('products')
      .innerJoin('psubcategories', 'psubcategories.id', 'products.psubcategory_id')
      .innerJoin('pcategories', 'pcategories.id', 'psubcategories.pcategory_id')
      .select([
        'products.id',
        'products.name',
        'products.name_ar',
        'products.name_fr',
        'products.more_infos_ar',
        'products.more_infos_fr',
        'products.search_stems',
        'products.search_related',
        'psubcategories.name as sub',
        'psubcategories.name_ar as sub_ar',
        'psubcategories.name_fr as sub_fr',
        'pcategories.name as cat',
        'pcategories.name_ar as cat_ar',
        'pcategories.name_fr as cat_fr',
      ])
      .where('products.id', '>', after)
      .orderBy('products.id')
      .limit(BATCH)
      .execute();
    if (!rows.length) return;
    for (const r of rows) {
      const columns = searchColumns(
        [r.name, r.name_ar, r.name_fr, r.more_infos_ar, r.more_infos_fr],
        catalogueLabels([{ name: r.sub, name_ar: r.sub_ar, name_fr: r.sub_fr }]),
        catalogueLabels([{ name: r.cat, name_ar: r.cat_ar, name_fr: r.cat_fr }]),
      );
      if (columns.search_stems === r.search_stems && columns.search_related === r.search_related) {
        continue;
      }
      await db
        .updateTable('products')
        .set({ search_stems: columns.search_stems, search_related: columns.search_related })
        .where('id', '=', r.id)
        .execute();
    }
    after = rows.at(-1)!.id;
  }
}

async function addColumns(db: Kysely<any>) {
  for (const column of ['search_stems', 'search_related']) {
    await db.schema
      .alterTable('products')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  // The typo tier reads the terms of a few lengths around the typed word's.
  await db.schema
    .createIndex('search_terms_length')
    .on('search_terms')
    .columns(['length', 'term'])
    .execute();
}

/**
 * The tokenizer and prefix indexes of products_fts, shared by every text index of the products
 * (the bumped offers', migrations 038 and 039): the same query finds the same offers in each.
 */
export const PRODUCTS_FTS_OPTIONS = sql.raw(
  `tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'`,
);

// The stems of a row as a table: SQLite has no split function, but a stem is letters and digits
// only, so the space-separated list is turned into a JSON array safely.
const sqliteStems = (row: 'new' | 'old') =>
  sql.raw(
    `json_each('["' || replace(${row}.search_stems || ' ' || ${row}.search_related, ' ', '","') || '"]')`,
  );

async function sqliteUp(db: Kysely<any>) {
  for (const t of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
    await sql`drop trigger if exists ${sql.ref(t)}`.execute(db);
  }
  await sql`drop table if exists products_fts`.execute(db);
  await addColumns(db);
  await writeSearchColumns(db);
  await sql`create virtual table products_fts using fts5(
    search_text,
    search_stems,
    search_related,
    type,
    content = 'products',
    content_rowid = 'id',
    ${PRODUCTS_FTS_OPTIONS}
  )`.execute(db);
  const columns = sql.raw('search_text, search_stems, search_related, type');
  const values = (row: string) =>
    sql.raw(`${row}.search_text, ${row}.search_stems, ${row}.search_related, ${row}.type`);
  const add = (row: 'new' | 'old') =>
    sql`insert into search_terms(term, length, count)
      select value, length(value), 1 from ${sqliteStems(row)} where value <> ''
      on conflict(term) do update set count = count + 1;`;
  const remove = (row: 'new' | 'old') =>
    sql`update search_terms set count = count - 1
      where term in (select value from ${sqliteStems(row)});
    delete from search_terms where count <= 0;`;
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, ${columns}) values (new.id, ${values('new')});
    ${add('new')}
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, ${columns})
      values ('delete', old.id, ${values('old')});
    ${remove('old')}
  end`.execute(db);
  await sql`create trigger products_fts_update
    after update of search_text, search_stems, search_related, type on products
    when old.search_text is not new.search_text or old.search_stems is not new.search_stems
      or old.search_related is not new.search_related or old.type is not new.type begin
    insert into products_fts(products_fts, rowid, ${columns})
      values ('delete', old.id, ${values('old')});
    insert into products_fts(rowid, ${columns}) values (new.id, ${values('new')});
    ${remove('old')}
    ${add('new')}
  end`.execute(db);
  await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(db);
  await sql`insert into search_terms(term, length, count)
    select value, length(value), count(*) from products, ${sqliteStems('products' as 'new')}
    where value <> '' group by value`.execute(db);
}

async function postgresUp(db: Kysely<any>) {
  await sql`drop index if exists products_search_trigram`.execute(db);
  await sql`alter table products drop column if exists search_vector`.execute(db);
  await addColumns(db);
  await writeSearchColumns(db);
  await sql`alter table products add column search_vector tsvector
    generated always as (${PG_SEARCH_VECTOR}) stored`.execute(db);
  await sql`create index products_search_vector on products using gin (search_vector)`.execute(db);
  await sql`create function search_terms_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update search_terms set count = count - 1
          where term in (select unnest(string_to_array(
            old.search_stems || ' ' || old.search_related, ' ')));
        delete from search_terms where count <= 0;
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        insert into search_terms(term, length, count)
          select t, length(t), 1
          from unnest(string_to_array(new.search_stems || ' ' || new.search_related, ' ')) t
          where t <> ''
          on conflict (term) do update set count = search_terms.count + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_terms_insert_delete after insert or delete on products
    for each row execute function search_terms_count()`.execute(db);
  await sql`create trigger search_terms_update
    after update of search_stems, search_related on products
    for each row when (old.search_stems is distinct from new.search_stems
      or old.search_related is distinct from new.search_related)
    execute function search_terms_count()`.execute(db);
  await sql`insert into search_terms(term, length, count)
    select t, length(t), count(*)
    from products, unnest(string_to_array(search_stems || ' ' || search_related, ' ')) t
    where t <> '' group by t`.execute(db);
}

export function searchTerms(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
  };
}
