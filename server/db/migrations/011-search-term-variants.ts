import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { TYPO_KEYS } from '../../../shared/domain/search-terms';

// Issue 17 item 8: the typo tier without reading the vocabulary. Before, a mistyped word read
// every vocabulary term of nearby lengths (hundreds of thousands at 1,000,000 products: the
// reference codes) and compared each in JS. Now each term is also stored under its deletion
// variants (SymSpell: the term with one letter taken out, and with two for terms of
// TYPO_KEYS.twoFrom–twoUpTo letters), so that the words within one or two edits of a query word
// are found by an index look-up of the query word's own deletion variants
// (shared/domain/search-terms.ts `deletionKeys`, the same rule) and only those are compared.
// The variants follow `search_terms` by triggers on both engines (a term's variants are written
// when it enters the vocabulary and removed when it leaves).
//
// Also: the vocabulary triggers of 009 removed emptied terms with `delete … where count <= 0`,
// a scan of the whole vocabulary on every product update or delete; they now look only at the
// terms of the row changed (a catalogue rename re-indexes thousands of products).

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The term `t` with the letter at position n (1-based) taken out, in SQL (both engines). */
const oneOut = (t: string) => `substr(${t}, 1, p.n - 1) || substr(${t}, p.n + 1)`;
/** The term with the letters at a.n < b.n taken out. */
const twoOut = (t: string) =>
  `substr(${t}, 1, a.n - 1) || substr(${t}, a.n + 1, b.n - a.n - 1) || substr(${t}, b.n + 1)`;

/** The select of the variants of the terms of `from` (a table or a one-row select), in SQL. */
function variantsOf(from: string, term: string, len: string) {
  const { minLength, twoFrom, twoUpTo } = TYPO_KEYS;
  return sql.raw(`select distinct ${oneOut(term)} as variant, ${term} as term
      from ${from}, search_term_positions p where ${len} >= ${minLength} and p.n <= ${len}
    union
    select distinct ${twoOut(term)}, ${term}
      from ${from}, search_term_positions a, search_term_positions b
      where ${len} between ${twoFrom} and ${twoUpTo} and a.n < b.n and b.n <= ${len}`);
}

async function tables(db: Kysely<any>, dialect: Dialect) {
  await db.schema
    .createTable('search_term_positions')
    .addColumn('n', 'integer', (c) => c.primaryKey())
    .execute();
  // A deletion can only be made at a position of the term: 1 to the longest word indexed.
  for (let from = 1; from <= 60; from += 20) {
    await db
      .insertInto('search_term_positions')
      .values(Array.from({ length: 20 }, (_, i) => ({ n: from + i })))
      .execute();
  }
  await db.schema
    .createTable('search_term_variants')
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_term_variants_pk', ['variant', 'term'])
    .$call((b) => (dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
  await db.schema
    .createIndex('search_term_variants_term')
    .on('search_term_variants')
    .column('term')
    .execute();
  await sql`insert into search_term_variants(variant, term)
    select variant, term from (${variantsOf('search_terms', 'search_terms.term', 'search_terms.length')}) v
    where variant <> ''`.execute(db);
}

// The stems of a row as a table (009's rule: a stem is letters and digits only).
const sqliteStems = (row: 'new' | 'old') =>
  `json_each('["' || replace(${row}.search_stems || ' ' || ${row}.search_related, ' ', '","') || '"]')`;

/** SQLite, in a trigger on products: the row's stems and related words counted in the vocabulary. */
export const vocabularyAdd = (row: 'new' | 'old') =>
  `insert into search_terms(term, length, count)
    select value, length(value), 1 from ${sqliteStems(row)} where value <> ''
    on conflict(term) do update set count = count + 1;`;

/** The same, uncounted: the terms no product holds any more leave the vocabulary. */
export const vocabularyRemove = (row: 'new' | 'old') =>
  `update search_terms set count = count - 1
    where term in (select value from ${sqliteStems(row)});
  delete from search_terms where term in (select value from ${sqliteStems(row)})
    and count <= 0;`;

async function sqliteUp(db: Kysely<any>) {
  await tables(db, 'sqlite');
  await sql`create trigger search_term_variants_insert after insert on search_terms begin
    insert or ignore into search_term_variants(variant, term)
      select variant, term from (${variantsOf('(select new.term as term, new.length as length) s', 's.term', 's.length')})
      where variant <> '';
  end`.execute(db);
  await sql`create trigger search_term_variants_delete after delete on search_terms begin
    delete from search_term_variants where term = old.term;
  end`.execute(db);
  // 009's triggers, with the emptied terms looked for among the row's own terms only.
  const columns = 'search_text, search_stems, search_related, type';
  const values = (row: string) =>
    `${row}.search_text, ${row}.search_stems, ${row}.search_related, ${row}.type`;
  for (const t of ['products_fts_delete', 'products_fts_update']) {
    await sql`drop trigger if exists ${sql.ref(t)}`.execute(db);
  }
  await sql
    .raw(
      `create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, ${columns})
      values ('delete', old.id, ${values('old')});
    ${vocabularyRemove('old')}
  end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_fts_update
    after update of search_text, search_stems, search_related, type on products
    when old.search_text is not new.search_text or old.search_stems is not new.search_stems
      or old.search_related is not new.search_related or old.type is not new.type begin
    insert into products_fts(products_fts, rowid, ${columns})
      values ('delete', old.id, ${values('old')});
    insert into products_fts(rowid, ${columns}) values (new.id, ${values('new')});
    ${vocabularyRemove('old')}
    ${vocabularyAdd('new')}
  end`,
    )
    .execute(db);
}

async function postgresUp(db: Kysely<any>) {
  await tables(db, 'postgres');
  await sql`create function search_term_variants_keep() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from search_term_variants where term = old.term;
      else
        insert into search_term_variants(variant, term)
          select variant, term from (${variantsOf('(select new.term as term, new.length as length) s', 's.term', 's.length')}) v
          where variant <> ''
          on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_term_variants_keep after insert or delete on search_terms
    for each row execute function search_term_variants_keep()`.execute(db);
  // 009's function, with the emptied terms looked for among the row's own terms only.
  await sql`create or replace function search_terms_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update search_terms set count = count - 1
          where term in (select unnest(string_to_array(
            old.search_stems || ' ' || old.search_related, ' ')));
        delete from search_terms where term in (select unnest(string_to_array(
            old.search_stems || ' ' || old.search_related, ' '))) and count <= 0;
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
}

export function searchTermVariants(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
  };
}
