import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { compiledOnce } from './compiled-once';
import type { Executor } from './types';

// A read compiled once (compiled-once.ts) answers each call with that call's values, on each
// engine, in a transaction too; it is built once per executor; a value that would not be a
// parameter, and a write, are refused when first compiled.

describeEachEngine('a read compiled once', (ctx) => {
  it('answers each call with its own values, built once per executor', async () => {
    const { app } = ctx();
    const a = await ctx().userClient('user', { first_name: 'Aminetou' });
    const b = await ctx().userClient('user', { first_name: 'Brahim' });
    let builds = 0;
    const named = compiledOnce(2, (db: Executor, id: number, last: string) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select(['id', 'first_name'])
        .where('id', '=', id)
        .where('last_name', '=', last)
        .where('banned_at', 'is', null);
    });
    expect(await named(app.db, a.user.id, 'user')).toEqual([
      { id: a.user.id, first_name: 'Aminetou' },
    ]);
    expect(await named(app.db, b.user.id, 'user')).toEqual([
      { id: b.user.id, first_name: 'Brahim' },
    ]);
    expect(await named(app.db, b.user.id, 'admin')).toEqual([]);
    expect(builds).toBe(1);

    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ first_name: 'Bouh' })
        .where('id', '=', b.user.id)
        .execute();
      expect(await named(trx, b.user.id, 'user')).toEqual([{ id: b.user.id, first_name: 'Bouh' }]);
      await sql`select 1`.execute(trx);
      expect(await named(trx, a.user.id, 'user')).toEqual([
        { id: a.user.id, first_name: 'Aminetou' },
      ]);
    });
    expect(builds).toBe(2);
    expect(await named(app.db, b.user.id, 'user')).toEqual([{ id: b.user.id, first_name: 'Bouh' }]);
    expect(builds).toBe(2);
  });

  it('refuses a value that is not a parameter, and a write', async () => {
    const { app } = ctx();
    const unused = compiledOnce(1, (db: Executor, _id: number) =>
      db.selectFrom('users').select('id').where('id', '=', 1),
    );
    await expect(unused(app.db, 1)).rejects.toThrow('value 0');
    const write = compiledOnce(1, (db: Executor, id: number) =>
      db.updateTable('users').set({ first_name: 'X' }).where('id', '=', id),
    );
    await expect(write(app.db, 1)).rejects.toThrow('reads only');
  });
});
