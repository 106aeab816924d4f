import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachEngine, nextPhone, TEST_PASSWORD, type TestContext } from './test/harness';

// Issue 14 item 1 (DESIGN §11): X-Forwarded-For names the client only when it comes from a
// configured proxy (TRUST_PROXY). Unset, a forged header changes nothing: the per-address limits
// hold, and the session keeps the socket's address.

const forged = (i: number) => `203.0.113.${i % 250}`;

/** A cookie jar's worth of headers for one request, as the web app sends. */
async function withSession(app: FastifyInstance, from: string) {
  const first = await app.inject({ method: 'GET', url: '/users/me', remoteAddress: from });
  const cookies = first.cookies as { name: string; value: string }[];
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return {
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-xsrf-token': xsrf,
    'x-requested-with': 'XMLHttpRequest',
  };
}

async function failedSignIns(ctx: TestContext, from: string, count: number) {
  const statuses: number[] = [];
  const headers = await withSession(ctx.app, from);
  for (let i = 0; i < count; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: from,
      headers: { ...headers, 'x-forwarded-for': forged(i) },
      payload: { login: nextPhone(), password: 'wrong password' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

async function sessionAddress(ctx: TestContext, from: string, xff: string): Promise<string | null> {
  const phone = nextPhone();
  await ctx.app.inject({ method: 'GET', url: '/users/me' });
  const { register } = await import('./features/users/users.service');
  const user = await register(
    ctx.app.db,
    {
      first_name: 'Sidi',
      last_name: 'Ould Ahmed',
      phone_1: phone,
      email: null,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    },
    ctx.config.scryptLogN,
  );
  const headers = await withSession(ctx.app, from);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: from,
    headers: { ...headers, 'x-forwarded-for': xff },
    payload: { login: phone, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await ctx.app.db
    .selectFrom('sessions')
    .select('ip')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.ip;
}

describeEachEngine('TRUST_PROXY unset', (ctx) => {
  it('ignores a forged X-Forwarded-For: 45 failed sign-ins from one address see 429', async () => {
    const statuses = await failedSignIns(ctx(), '192.0.2.10', 45);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses).toContain(429);
  });

  it('stores the socket address as the session address, not the header', async () => {
    expect(await sessionAddress(ctx(), '192.0.2.11', '198.51.100.1')).toBe('192.0.2.11');
  });
});

describeEachEngine(
  'TRUST_PROXY=127.0.0.1',
  (ctx) => {
    it("takes the client from a trusted proxy's header", async () => {
      expect(await sessionAddress(ctx(), '127.0.0.1', '198.51.100.2')).toBe('198.51.100.2');
      // The client's own forged entry is further left: the nearest untrusted address wins.
      expect(await sessionAddress(ctx(), '127.0.0.1', '6.6.6.6, 198.51.100.3')).toBe(
        '198.51.100.3',
      );
      // Another address's header is not believed.
      expect(await sessionAddress(ctx(), '192.0.2.12', '198.51.100.4')).toBe('192.0.2.12');
      // Only a valid address is stored.
      expect(await sessionAddress(ctx(), '127.0.0.1', 'not-an-address')).toBeNull();
    });

    it('counts failures per client behind the proxy, not per proxy', async () => {
      // Many clients behind the one proxy: each is limited on its own.
      const statuses: number[] = [];
      const headers = await withSession(ctx().app, '127.0.0.1');
      for (let i = 0; i < 30; i++) {
        const res = await ctx().app.inject({
          method: 'POST',
          url: '/login',
          remoteAddress: '127.0.0.1',
          headers: { ...headers, 'x-forwarded-for': forged(i) },
          payload: { login: nextPhone(), password: 'wrong password' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.every((s) => s === 422)).toBe(true);
    });
  },
  { env: { TRUST_PROXY: '127.0.0.1' } },
);

describeEachEngine(
  'TRUST_PROXY=1 (a hop count)',
  (ctx) => {
    it('takes the client from the one trusted hop, whatever is further left', async () => {
      expect(await sessionAddress(ctx(), '192.0.2.20', '6.6.6.6, 198.51.100.9')).toBe(
        '198.51.100.9',
      );
    });
  },
  { env: { TRUST_PROXY: '1' } },
);
