import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { onLocalWrite, tableVersion, WriteTracker } from './write-tracker';

// The tracker behind the in-process caches (product-cache.ts, page-cache.ts): a write moves the
// versions of the tables it names and is told to listeners; a read, raw or built, moves nothing.

/* eslint-disable @typescript-eslint/no-explicit-any -- no schema: the statements never run */
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
  plugins: [new WriteTracker()],
});

describe('write tracker', () => {
  it('counts writes to the tables they name, and reads, raw ones included, as nothing', async () => {
    const heard: unknown[] = [];
    const stop = onLocalWrite((tables) => heard.push(tables === 'all' ? 'all' : [...tables]));
    const version = () => tableVersion(['comments', 'products']);
    const start = version();
    await db.selectFrom('products').selectAll().execute();
    await sql`select 1`.execute(db);
    // Raw SQL that starts with a part (a search's `${matches} order by …`) is still a read.
    await sql`${sql`select id from products`} order by id`.execute(db);
    await sql`  ${sql`${sql`select 1`}`} limit 1`.execute(db);
    expect(version()).toBe(start);
    expect(heard).toEqual([]);

    await db.insertInto('comments').values({ text: 'x' }).execute();
    expect(version()).toBeGreaterThan(start);
    expect(heard).toContainEqual(['comments']);
    const afterInsert = version();
    await sql`delete from products`.execute(db);
    await sql`${sql`update products set x = 1`}`.execute(db);
    expect(version()).toBeGreaterThan(afterInsert);
    expect(heard.filter((h) => h === 'all')).toHaveLength(4);
    // Listeners hear the table written, not those the statement reads (whose versions move).
    const usersBefore = tableVersion(['users']);
    await db
      .insertInto('sessions')
      .columns(['id'])
      .expression((eb) => eb.selectFrom('users').select('users.id'))
      .execute();
    await db
      .updateTable('products as p')
      .set({ x: 1 })
      .where('p.id', 'in', db.selectFrom('users').select('id'))
      .execute();
    await db
      .deleteFrom('comments')
      .where('id', 'in', db.selectFrom('users').select('id'))
      .execute();
    expect(heard.slice(-6)).toEqual([
      ['sessions'],
      ['sessions'],
      ['products'],
      ['products'],
      ['comments'],
      ['comments'],
    ]);
    expect(tableVersion(['users'])).toBeGreaterThan(usersBefore);
    stop();
    await db.deleteFrom('comments').execute();
    expect(heard).toHaveLength(12);
  });
});
