import { expect, it } from 'vitest';
import { describeEachEngine, nextPhone, registeredPhone, TEST_PASSWORD } from '../../test/harness';
import { LOGIN_SLOWDOWN, LOGIN_THROTTLE, SESSION_TTL_DAYS } from '../../../shared/constants';
import {
  assertNotThrottled,
  pruneThrottle,
  recordFailure,
  slowdownSeconds,
} from './login-throttle';
import { pruneExpiredSessions } from './sessions.repository';
import { runHousekeeping } from '../../plugins/housekeeping';

// Issue 14 item 2: wrong passwords from anywhere used to lock the owner out for 15 minutes.
// Failures now count per (account, address) and per address; the account-wide count only slows
// down addresses that have failed themselves.

const wrong = (login: string) => ({ login, password: 'wrong password' });

describeEachEngine('sign-in throttle', (ctx) => {
  const account = () => registeredPhone(ctx());

  it('lets the owner in from a clean address while another address is locked out', async () => {
    const phone = await account();
    const attacker = ctx().client();
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++) {
      expect((await attacker.post('/login', wrong(phone))).statusCode).toBe(422);
    }
    const refused = await attacker.post('/login', { login: phone, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { global: ['too_many_attempts'] } });

    const owner = ctx().client();
    const res = await owner.post('/login', { login: phone, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('lets the owner in during a distributed attack; attackers who failed are slowed down', async () => {
    const phone = await account();
    const attackers = Array.from({ length: 12 }, () => ctx().client());
    for (const attacker of attackers) {
      expect((await attacker.post('/login', wrong(phone))).statusCode).toBe(422);
    }
    // 11 failures from others: an attacker who failed must wait before trying again.
    const again = await attackers[0].post('/login', wrong(phone));
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from an address with no failures, is never refused.
    const owner = await ctx().client().post('/login', { login: phone, password: TEST_PASSWORD });
    expect(owner.statusCode).toBe(200);
  });

  it('grows the wait with the failures from other addresses', async () => {
    const db = ctx().app.db;
    const account = nextPhone();
    const start = Date.parse('2026-01-01T10:00:00Z');
    const me = { account, address: '192.0.2.50' };
    await recordFailure(db, me, start);
    for (let i = 0; i < 20; i++) {
      await recordFailure(db, { account, address: `192.0.2.${100 + i}` }, start);
    }
    // 20 failures by others: 2^4 s after my last failure.
    expect(slowdownSeconds(20)).toBe(16);
    await expect(assertNotThrottled(db, me, start + 15_000)).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '1' },
    });
    await expect(assertNotThrottled(db, me, start + 16_000)).resolves.toEqual({ clean: false });
    expect(slowdownSeconds(LOGIN_SLOWDOWN.after - 1)).toBe(0);
    expect(slowdownSeconds(10_000)).toBe(LOGIN_SLOWDOWN.maxDelaySeconds);
    // An address with no failures of its own waits for nobody (but the account is not clean).
    await expect(
      assertNotThrottled(db, { account, address: '192.0.2.99' }, start + 1),
    ).resolves.toEqual({ clean: false });
  });

  it('limits one address across accounts', async () => {
    const phone = await account();
    const client = ctx().client();
    for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++) {
      expect((await client.post('/login', wrong(nextPhone()))).statusCode).toBe(422);
    }
    const res = await client.post('/login', { login: phone, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(429);
  });

  it('prunes throttle rows whose window has run out, and expired sessions', async () => {
    const db = ctx().app.db;
    const at = Date.now();
    const old = at - (LOGIN_THROTTLE.windowSeconds + 60) * 1000;
    await recordFailure(db, { account: 'prune-old', address: '192.0.2.200' }, old);
    await recordFailure(db, { account: 'prune-new', address: '192.0.2.201' }, at);
    const keys = async () =>
      (await db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key);
    expect(await keys()).toContain('acct:prune-old');
    expect(await pruneThrottle(db, at)).toBeGreaterThanOrEqual(3);
    expect(await keys()).not.toContain('acct:prune-old');
    expect(await keys()).toContain('acct:prune-new');

    const { user } = await ctx().userClient();
    const past = new Date(at - 1000).toISOString();
    const future = new Date(at + SESSION_TTL_DAYS * 86_400_000).toISOString();
    for (const [id, expires_at] of [
      ['expired-session', past],
      ['live-session', future],
    ]) {
      await db
        .insertInto('sessions')
        .values({
          id,
          user_id: user.id,
          created_at: past,
          last_seen_at: past,
          expires_at,
          ip: null,
          user_agent: null,
        })
        .execute();
    }
    expect(await pruneExpiredSessions(db, new Date(at).toISOString())).toBeGreaterThanOrEqual(1);
    const ids = (await db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).toContain('live-session');
    expect(ids).not.toContain('expired-session');
    // The timer's round runs both, and a failure in one does not stop it.
    await runHousekeeping(ctx().app);
  });
});
