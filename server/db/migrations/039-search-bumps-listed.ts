import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { PRODUCTS_FTS_OPTIONS } from './009-search-terms';
import { COLUMNS, searchBumpedText, values } from './038-search-bumped-text';

// Issue 30 (docs/search.md, "Only the bumps a walk can reach"): SQLite. Migration 038's text
// index of the bumped offers kept every offer ever bumped (bumped_at is never cleared), growing
// toward the size of products_fts. A search only ever returns listed offers, and an offer that
// ended (expired, or sold SOLD_LISTED_DAYS ago) is listed again only after a write: a renewal
// (expires_at) or a sale undone (sold_at). So the index holds the bumped offers that have not
// ended; the housekeeping's prune (pruneEndedBumps) takes out those that end, and the update
// trigger puts an offer back when its expires_at or sold_at is written. A renewal can keep an
// offer listed for ever with its first bump: no age of the bump alone can leave it out.
//
// The index is contentless with deletes by rowid (FTS5's contentless_delete, SQLite 3.43): an
// external content index forgets a row only given the values it indexed, which its triggers can
// no longer know once rows leave it at a time of their own. The options of products_fts (009):
// the same match finds the same offers.

/** The writes that may change what the index holds of a row. */
const WATCHED = `bumped_at, expires_at, sold_at, ${COLUMNS}`;
const changed = WATCHED.split(', ')
  .map((c) => `old.${c} is not new.${c}`)
  .join(' or ');

/**
 * The offers listed an hour ago (the prune's margin, keptSince in search-bumps.repository.ts), as
 * the lists' rule stood when this migration was written (SOLD_LISTED_DAYS = 7). Written out here,
 * not imported: a migration stays what it was when the app's rules change.
 */
function listedAnHourAgo(): string {
  const at = Date.now() - 3_600_000;
  const since = new Date(at).toISOString();
  const soldSince = new Date(at - 7 * 86_400_000).toISOString();
  return `expires_at > '${since}' and (sold_at is null or sold_at > '${soldSince}')`;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
async function sqliteUp(db: Kysely<any>) {
  await searchBumpedText('sqlite').down!(db);
  await sql`create virtual table products_bumped_fts using fts5(
    search_text,
    search_stems,
    search_related,
    type,
    content = '',
    contentless_delete = 1,
    ${PRODUCTS_FTS_OPTIONS}
  )`.execute(db);
  const add = `insert into products_bumped_fts(rowid, ${COLUMNS})
    select new.id, ${values('new')} where new.bumped_at is not null;`;
  const remove = (row: 'new' | 'old') => `delete from products_bumped_fts where rowid = ${row}.id;`;
  await sql
    .raw(
      `create trigger products_bumped_fts_insert after insert on products
      when new.bumped_at is not null begin ${add} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_bumped_fts_delete after delete on products
      when old.bumped_at is not null begin ${remove('old')} end`,
    )
    .execute(db);
  // Bumped, unbumped, its words changed, renewed or its sale written: out, then in if bumped
  // (a renewal brings back an offer pruned when it ended).
  await sql
    .raw(
      `create trigger products_bumped_fts_update after update of ${WATCHED} on products
      when (old.bumped_at is not null or new.bumped_at is not null) and (${changed}) begin
      ${remove('old')}
      ${add}
    end`,
    )
    .execute(db);
  // The bumped offers that have not ended (with the prune's margin; those that ended come back
  // with the write that lists them again).
  await sql`insert into products_bumped_fts(rowid, ${sql.raw(COLUMNS)})
    select id, ${sql.raw(COLUMNS)} from products
    where bumped_at is not null and ${sql.raw(listedAnHourAgo())}
    order by id`.execute(db);
}

async function sqliteDown(db: Kysely<any>) {
  await searchBumpedText('sqlite').down!(db);
  await searchBumpedText('sqlite').up(db);
}

export function searchBumpsListed(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteUp(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteDown(db);
    },
  };
}
