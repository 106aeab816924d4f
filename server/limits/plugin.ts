import fp from 'fastify-plugin';
import { USER_RATE_LIMITS, type UserRateScope } from '../../shared/constants';
import { enforce, type RateRule } from './rate-limits';
import { addReadLimits } from './read-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one write of `scope` by the user; 429 with Retry-After beyond USER_RATE_LIMITS
     * (times USER_RATE_LIMIT_FACTOR).
     */
    limitUser(scope: UserRateScope, userId: number): Promise<void>;
    /**
     * Counts one hit of `key` (an address, an account) in `scope` under `rule`; 429 with
     * Retry-After beyond it (times USER_RATE_LIMIT_FACTOR). Shared by every process.
     */
    limitKey(scope: string, key: string, rule: RateRule): Promise<void>;
  }
}

// Per-user write limits (server/limits/rate-limits.ts); ended windows are pruned by the
// housekeeping timer (server/plugins/housekeeping.ts). And the hot reads' per-address limits
// (read-limit.ts), for the routes registered after this plugin.
export default fp(async (app) => {
  addReadLimits(app);
  const factor = app.config.userRateLimitFactor;
  app.decorate('limitUser', async (scope: UserRateScope, userId: number) => {
    const rule = USER_RATE_LIMITS[scope];
    await enforce(app.db, {
      scope,
      key: String(userId),
      limit: Math.ceil(rule.limit * factor),
      windowSeconds: rule.windowSeconds,
    });
  });
  app.decorate('limitKey', async (scope: string, key: string, rule: RateRule) => {
    await enforce(app.db, {
      scope,
      key,
      limit: Math.ceil(rule.limit * factor),
      windowSeconds: rule.windowSeconds,
    });
  });
});
