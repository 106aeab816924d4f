import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// DESIGN §7: the text index over products.search_text (the normalised names and infos of both
// languages, written by the products feature), and the indexes the other search filters walk.
// Existing rows are indexed on the way (backfill).

/**
 * PostgreSQL: the words of search_text, punctuation taken out first so that 'c-class', '2.5' and
 * 'toyota.com' give the same words the search box splits a query into. Stored (not only indexed)
 * so that a plan walking products newest first tests rows without reparsing their text.
 */
const PG_SEARCH_VECTOR = sql.raw(
  `to_tsvector('simple'::regconfig, regexp_replace(search_text, '[[:punct:]]+', ' ', 'g'))`,
);

/* eslint-disable @typescript-eslint/no-explicit-any */
async function searchIndexes(db: Kysely<any>) {
  // Newest first is id order (ids grow with created_at): these let a filtered search walk an
  // index backwards and stop after one page.
  await db.schema
    .createIndex('products_search_type')
    .on('products')
    .columns(['type', 'id'])
    .execute();
  await db.schema
    .createIndex('products_search_subcategory')
    .on('products')
    .columns(['psubcategory_id', 'type', 'id'])
    .execute();
  await db.schema
    .createIndex('products_search_shop')
    .on('products')
    .columns(['shop_id', 'type', 'id'])
    .execute();
  // The distance search reads type and place from this index alone (no row lookups).
  await db.schema
    .createIndex('products_search_geo')
    .on('products')
    .columns(['type', 'latitude', 'longitude'])
    .execute();
}

async function sqliteUp(db: Kysely<any>) {
  // External-content FTS5 table: the text lives once, in products; triggers keep the index in
  // step with every insert, update and delete (cascades included), whoever writes. `type` is
  // indexed too, so that a text search of offers (or demands) is answered by the index alone.
  await sql`create virtual table products_fts using fts5(
    search_text,
    type,
    content = 'products',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3 4'
  )`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, search_text, type) values (new.id, new.search_text, new.type);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, search_text, type)
      values ('delete', old.id, old.search_text, old.type);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of search_text, type on products
    when old.search_text is not new.search_text or old.type is not new.type begin
    insert into products_fts(products_fts, rowid, search_text, type)
      values ('delete', old.id, old.search_text, old.type);
    insert into products_fts(rowid, search_text, type) values (new.id, new.search_text, new.type);
  end`.execute(db);
  await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(db);
}

async function postgresUp(db: Kysely<any>) {
  // Adding a stored generated column computes it for every existing row (the backfill).
  await sql`alter table products add column search_vector tsvector
    generated always as (${PG_SEARCH_VECTOR}) stored`.execute(db);
  await sql`create index products_search_vector on products using gin (search_vector)`.execute(db);
  // pg_trgm (near spellings, the fallback when no word matches by prefix) ships with
  // PostgreSQL's contrib package and is a trusted extension, but a server without it, or a role
  // that may not create it, must not stop the migration: the search then has no fallback.
  const available = await sql<{ n: number }>`
    select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows[0]?.n) return;
  await sql`savepoint search_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index products_search_trigram on products
      using gin (search_text gin_trgm_ops)`.execute(db);
    await sql`release savepoint search_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint search_trgm`.execute(db);
  }
}

export function search(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await searchIndexes(db);
      if (dialect === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        for (const t of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
          await sql`drop trigger if exists ${sql.ref(t)}`.execute(db);
        }
        await sql`drop table if exists products_fts`.execute(db);
      } else {
        await sql`drop index if exists products_search_trigram`.execute(db);
        await sql`alter table products drop column if exists search_vector`.execute(db);
      }
      await db.schema.dropIndex('products_search_geo').ifExists().execute();
      await db.schema.dropIndex('products_search_shop').ifExists().execute();
      await db.schema.dropIndex('products_search_subcategory').ifExists().execute();
      await db.schema.dropIndex('products_search_type').ifExists().execute();
    },
  };
}
