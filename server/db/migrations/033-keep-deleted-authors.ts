import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Issue 34 item 5 (docs/decisions.md, "Leaving"): a deleted account's comments and commands stay
// for the other party, the author shown as "deleted account". `comments.user_id` and
// `commands.user_id` become nullable, and deleting the user sets them to null instead of
// deleting the rows (and what hangs under them: replies, reactions, ratings' command links).
// PostgreSQL alters the column and swaps the foreign key. SQLite cannot alter either: each table
// is rebuilt from its own stored definition (only the user_id column changes), with its rows, its
// AUTOINCREMENT sequence, and every index and trigger it had, foreign keys off meanwhile (SQLite's
// documented procedure: dropping a parent table with them on would cascade to its children).

const TABLES = ['comments', 'commands'] as const;
const CASCADE = '"user_id" integer not null references "users" ("id") on delete cascade';
const SET_NULL = '"user_id" integer references "users" ("id") on delete set null';

/* eslint-disable @typescript-eslint/no-explicit-any */
async function rebuildSqlite(db: Kysely<any>, from: string, to: string): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const table of TABLES) {
        const schema = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master
          where tbl_name = ${table} and sql is not null order by type = 'table' desc`.execute(trx);
        const [create, ...rest] = schema.rows;
        if (!create || create.type !== 'table' || !create.sql.includes(from)) {
          throw new Error(`033: ${table}.user_id is not as expected`);
        }
        const head = `CREATE TABLE "${table}"`;
        if (!create.sql.startsWith(head)) throw new Error(`033: ${table} is not as expected`);
        const next = `${table}_next`;
        await sql
          .raw(`CREATE TABLE "${next}"${create.sql.slice(head.length).replace(from, to)}`)
          .execute(trx);
        await sql.raw(`insert into "${next}" select * from "${table}"`).execute(trx);
        const seq = await sql<{ seq: number }>`select seq from sqlite_sequence
          where name = ${table}`.execute(trx);
        await sql.raw(`drop table "${table}"`).execute(trx);
        await sql.raw(`alter table "${next}" rename to "${table}"`).execute(trx);
        // Ids of deleted rows are never given again (notifications and reports name them).
        if (seq.rows[0]) {
          await sql`update sqlite_sequence set seq = max(seq, ${seq.rows[0].seq})
            where name = ${table}`.execute(trx);
          await sql`insert into sqlite_sequence (name, seq) select ${table}, ${seq.rows[0].seq}
            where not exists (select 1 from sqlite_sequence where name = ${table})`.execute(trx);
        }
        for (const item of rest) await sql.raw(item.sql).execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error('033: foreign keys broken by the rebuild');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** PostgreSQL: the column's foreign key (named by PostgreSQL, so looked up), replaced. */
async function swapPostgres(db: Kysely<any>, onDelete: 'set null' | 'cascade'): Promise<void> {
  for (const table of TABLES) {
    const found = await sql<{ conname: string }>`select c.conname from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.conrelid = ${table}::regclass and c.contype = 'f' and a.attname = 'user_id'`.execute(
      db,
    );
    for (const row of found.rows) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(row.conname)}`.execute(
        db,
      );
    }
    await sql`alter table ${sql.table(table)} alter column user_id
      ${onDelete === 'cascade' ? sql`set not null` : sql`drop not null`}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_user_id_fkey`)}
      foreign key (user_id) references users (id) on delete ${sql.raw(onDelete)}`.execute(db);
  }
}

export function keepDeletedAuthors(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await swapPostgres(db, 'set null');
      else await rebuildSqlite(db, CASCADE, SET_NULL);
    },
    async down(db: Kysely<any>) {
      // The authorless rows cannot be given back an author: they go (with what hangs under them;
      // the counters that counted them are not taken down: a development step only).
      for (const table of TABLES) await db.deleteFrom(table).where('user_id', 'is', null).execute();
      if (dialect === 'postgres') await swapPostgres(db, 'cascade');
      else await rebuildSqlite(db, SET_NULL, CASCADE);
    },
  };
}
