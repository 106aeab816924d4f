import type { Executor } from './types';

/** The value under `key`, made from `make()` by whichever process asks first (all share it). */
export async function settingOrCreate(db: Executor, key: string, make: () => string) {
  await db
    .insertInto('settings')
    .values({ key, value: make() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
