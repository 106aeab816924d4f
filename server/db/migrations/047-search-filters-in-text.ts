import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { PRODUCTS_FTS_OPTIONS } from './009-search-terms';
import { vocabularyAdd, vocabularyRemove } from './011-search-term-variants';
import { COLUMNS as TEXT_COLUMNS } from './038-search-bumped-text';
import { FILTERS_COLUMN } from '../../features/search/search-filter-words';

// Issue 30 item 3, SQLite (docs/search.md, "SQLite: the filters inside the text index (session
// 30)"). A search's words were read from products_fts and its subcategory, offer type and flags
// tested on each match's row (prix + phones + used at 1,000,000: prix's postings read from id
// 1,000,000 down to 323,178 in three windows, 55 ms, for the few used phones among them). Here
// the text index holds them too, as words of a column of its own (`search_filters`: `s12 os ny
// un dy h7`), so that words and filters meet inside one FTS5 query and its matches come newest
// first, exactly those of the search. The column is generated from the row (virtual: nothing
// stored, nothing for the products feature to write); the index and its triggers are made again
// with it, and the vocabulary's triggers (009, 011) are split from the index's, unchanged.
// PostgreSQL: nothing (its filters stay on the rows: docs/search.md).

/**
 * The row's columns the filter words are written from, each with its letter (search-filter-words.ts
 * `filterWords`): the whole value, or its first letter (the offer type, the yes/no flags).
 */
const FILTER_SOURCES: [letter: string, column: string, firstLetter: boolean][] = [
  ['s', 'psubcategory_id', false],
  ['h', 'shop_id', false],
  ['o', 'offer_type', true],
  ['n', 'negotiable', true],
  ['u', 'used', true],
  ['d', 'delivery', true],
];

/** The column's expression: `s12 h7 om ny un dy`. */
const FILTERS = FILTER_SOURCES.map(
  ([letter, column, firstLetter]) =>
    `'${letter}' || ${firstLetter ? `substr(${column}, 1, 1)` : column}`,
).join(` || ' ' || `);

/** The columns products_fts indexes, in its order: 009's, then the filters'. */
const COLUMNS = `${TEXT_COLUMNS}, ${FILTERS_COLUMN}`;
const values = (row: 'new' | 'old') =>
  COLUMNS.split(', ')
    .map((c) => `${row}.${c}`)
    .join(', ');
/** The writes that change what products_fts holds of a row (the generated column's sources). */
const WATCHED = [TEXT_COLUMNS, ...FILTER_SOURCES.map(([, column]) => column)].join(', ');

/* eslint-disable @typescript-eslint/no-explicit-any */
async function sqliteUp(db: Kysely<any>) {
  for (const t of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
    await sql`drop trigger if exists ${sql.ref(t)}`.execute(db);
  }
  await sql`drop table if exists products_fts`.execute(db);
  await sql
    .raw(
      `alter table products add column ${FILTERS_COLUMN} text
        generated always as (${FILTERS}) virtual`,
    )
    .execute(db);
  await sql`create virtual table products_fts using fts5(
    search_text,
    search_stems,
    search_related,
    type,
    ${sql.raw(FILTERS_COLUMN)},
    content = 'products',
    content_rowid = 'id',
    ${PRODUCTS_FTS_OPTIONS}
  )`.execute(db);
  // The index's triggers (an external content index forgets a row given the values it indexed),
  // then the vocabulary's, as 009 and 011 kept it with the index's.
  const index = (row: 'new' | 'old') =>
    `insert into products_fts(rowid, ${COLUMNS}) values (${row}.id, ${values(row)});`;
  const forget = (row: 'new' | 'old') =>
    `insert into products_fts(products_fts, rowid, ${COLUMNS})
      values ('delete', ${row}.id, ${values(row)});`;
  const changed = COLUMNS.split(', ')
    .map((c) => `old.${c} is not new.${c}`)
    .join(' or ');
  const triggers = {
    products_fts_insert: `after insert on products begin ${index('new')} end`,
    products_fts_delete: `after delete on products begin ${forget('old')} end`,
    products_fts_update: `after update of ${WATCHED} on products when ${changed}
      begin ${forget('old')} ${index('new')} end`,
    search_terms_insert: `after insert on products begin ${vocabularyAdd('new')} end`,
    search_terms_delete: `after delete on products begin ${vocabularyRemove('old')} end`,
    search_terms_update: `after update of search_stems, search_related on products
      when old.search_stems is not new.search_stems or old.search_related is not new.search_related
      begin ${vocabularyRemove('old')} ${vocabularyAdd('new')} end`,
  };
  for (const [name, body] of Object.entries(triggers)) {
    await sql.raw(`create trigger ${name} ${body}`).execute(db);
  }
  await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(db);
}

export function searchFiltersInText(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteUp(db);
    },
  };
}
