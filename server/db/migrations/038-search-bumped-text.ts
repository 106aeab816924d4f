import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { PRODUCTS_FTS_OPTIONS } from './009-search-terms';

// Issue 30 (docs/search.md, "Bumps read from their own text index"): SQLite. "Newest" merges in
// the matches of a search bumped since its walk's last row was created
// (server/features/search/search-bumps.repository.ts). Their words were tested in JS on every
// offer bumped since then (1,560 rows read for "toyota" at 100,000 offers, 25 ms) or by the
// whole text index (every match of a common word). This text index holds the bumped offers only
// (bumped_at not null), the same columns as products_fts (009), kept in step by triggers on
// bumped_at and the search columns: the words are matched among a few thousand offers.
// PostgreSQL keeps its reads (no table there).

/** The columns of products_fts (009), indexed for the bumped offers (and by 039). */
export const COLUMNS = 'search_text, search_stems, search_related, type';
/** Those columns of a trigger's row. */
export const values = (row: 'new' | 'old') =>
  COLUMNS.split(', ')
    .map((c) => `${row}.${c}`)
    .join(', ');

/** A row's search columns changed (the condition of 009's update trigger). */
const changed = COLUMNS.split(', ')
  .map((c) => `old.${c} is not new.${c}`)
  .join(' or ');

const TRIGGERS = [
  'products_bumped_fts_insert',
  'products_bumped_fts_delete',
  'products_bumped_fts_update',
];

/* eslint-disable @typescript-eslint/no-explicit-any */
async function sqliteUp(db: Kysely<any>) {
  // The options of products_fts (009): the same match finds the same offers in both.
  await sql`create virtual table products_bumped_fts using fts5(
    search_text,
    search_stems,
    search_related,
    type,
    content = 'products',
    content_rowid = 'id',
    ${PRODUCTS_FTS_OPTIONS}
  )`.execute(db);
  const add = (row: 'new' | 'old') =>
    `insert into products_bumped_fts(rowid, ${COLUMNS}) select ${row}.id, ${values(row)}
      where ${row}.bumped_at is not null;`;
  // (An external content table forgets a row given the values it was indexed with.)
  const remove = (row: 'new' | 'old') =>
    `insert into products_bumped_fts(products_bumped_fts, rowid, ${COLUMNS})
      select 'delete', ${row}.id, ${values(row)} where ${row}.bumped_at is not null;`;
  await sql
    .raw(
      `create trigger products_bumped_fts_insert after insert on products
      when new.bumped_at is not null begin ${add('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_bumped_fts_delete after delete on products
      when old.bumped_at is not null begin ${remove('old')} end`,
    )
    .execute(db);
  // Bumped (in), no longer bumped (out), or a bumped offer's words changed (out, then in).
  await sql
    .raw(
      `create trigger products_bumped_fts_update
      after update of bumped_at, ${COLUMNS} on products
      when (old.bumped_at is null) is not (new.bumped_at is null)
        or (new.bumped_at is not null and (${changed})) begin
      ${remove('old')}
      ${add('new')}
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into products_bumped_fts(rowid, ${COLUMNS})
      select id, ${COLUMNS} from products where bumped_at is not null order by id`,
    )
    .execute(db);
}

async function sqliteDown(db: Kysely<any>) {
  for (const t of TRIGGERS) await sql`drop trigger if exists ${sql.ref(t)}`.execute(db);
  await sql`drop table if exists products_bumped_fts`.execute(db);
}

export function searchBumpedText(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteUp(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteDown(db);
    },
  };
}
