import fp from 'fastify-plugin';
import { RATE_LIMITS_PRUNE_MS, USER_RATE_LIMITS, type UserRateScope } from '../../shared/constants';
import { enforce, pruneRateLimits } from './rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one write of `scope` by the user; 429 with Retry-After beyond USER_RATE_LIMITS
     * (times USER_RATE_LIMIT_FACTOR).
     */
    limitUser(scope: UserRateScope, userId: number): Promise<void>;
  }
}

// Per-user write limits (server/limits/rate-limits.ts), and the pruning of ended windows on an
// unref'd timer that stops with the app.
export default fp(async (app) => {
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

  const prune = () =>
    pruneRateLimits(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning rate_limits failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(prune, RATE_LIMITS_PRUNE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
