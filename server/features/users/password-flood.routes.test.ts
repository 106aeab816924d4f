import { expect, it } from 'vitest';
import { describeEachEngine, nextPhone } from '../../test/harness';
import { PASSWORD_HASHING } from '../../../shared/constants';
import { hashing } from './password';

// Issue 14 item 6: a sign-in flood queued scrypt without bound (128 MiB and a core each at
// N=2^17), taking a normal sign-in from 0.3 s to 5 s. Hashing is now bounded: past the queue,
// 503 with Retry-After at once. (N=2^14 here: heavy enough for the hashes to overlap.)

describeEachEngine(
  'password hashing under a flood',
  (ctx) => {
    it('answers 503 with Retry-After past the queue, and serves again after', async () => {
      const attempts = PASSWORD_HASHING.concurrent + PASSWORD_HASHING.waiting + 40;
      const clients = Array.from({ length: attempts }, () => ctx().client());
      // Each client fetches its token first, so that the flood itself is sign-ins only.
      for (const client of clients) await client.get('/users/me');
      let most = 0;
      const watch = setInterval(() => (most = Math.max(most, hashing.size.running)), 1);
      const started = Date.now();
      const answers = await Promise.all(
        clients.map((client) =>
          client.post('/login', { login: nextPhone(), password: 'wrong password' }),
        ),
      );
      clearInterval(watch);
      const statuses = answers.map((r) => r.statusCode);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(busy.length, String(statuses)).toBeGreaterThan(0);
      expect(busy[0].headers['retry-after']).toBe('5');
      expect(busy[0].json()).toEqual({ errors: { global: ['server_busy'] } });
      expect(statuses.filter((s) => s !== 503).every((s) => s === 422)).toBe(true);
      expect(most).toBeLessThanOrEqual(PASSWORD_HASHING.concurrent);
      console.info(
        `flood of ${attempts} on ${ctx().engine}: ${busy.length} refused, ${Date.now() - started} ms`,
      );
      const after = await ctx()
        .client()
        .post('/login', { login: nextPhone(), password: 'wrong password' });
      expect(after.statusCode).toBe(422);
    }, 60_000);
  },
  { env: { SCRYPT_LOG_N: '14' } },
);
