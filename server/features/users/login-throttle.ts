import { LOGIN_THROTTLE } from '../../../shared/constants';
import type { Executor } from '../../db/types';
import { tooMany } from '../../errors';

// Sign-in throttling per account and per address, kept in the database so that every server
// process behind a load balancer sees the same counts.

interface Keys {
  account: string;
  address: string;
}

const limits = (keys: Keys) => [
  { key: `acct:${keys.account}`, max: LOGIN_THROTTLE.perAccount },
  { key: `ip:${keys.address}`, max: LOGIN_THROTTLE.perAddress },
];

export async function assertNotThrottled(db: Executor, keys: Keys): Promise<void> {
  const windowMs = LOGIN_THROTTLE.windowSeconds * 1000;
  for (const { key, max } of limits(keys)) {
    const row = await db
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue;
    const endsAt = Date.parse(row.window_start) + windowMs;
    if (row.failures >= max && endsAt > Date.now()) {
      throw tooMany(Math.ceil((endsAt - Date.now()) / 1000));
    }
  }
}

export async function recordFailure(db: Executor, keys: Keys): Promise<void> {
  const windowStart = new Date(Date.now() - LOGIN_THROTTLE.windowSeconds * 1000).toISOString();
  const at = new Date().toISOString();
  for (const { key } of limits(keys)) {
    // Start a new window when the old one has run out, else count one more failure.
    await db
      .insertInto('login_throttle')
      .values({ key, failures: 1, window_start: at })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('login_throttle.window_start', '<', windowStart)
            .then(1)
            .else(eb('login_throttle.failures', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('login_throttle.window_start', '<', windowStart)
            .then(at)
            .else(eb.ref('login_throttle.window_start'))
            .end(),
        })),
      )
      .execute();
  }
}

export async function clearAccount(db: Executor, account: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', `acct:${account}`).execute();
}
