import type { Config } from '../config';
import { SINGLE_READ_LIMIT } from '../../shared/constants';

/**
 * The route option that limits the single offer and single shop answers (they carry the shop's
 * numbers) per address (clientLimitKey): @fastify/rate-limit counting in this process's memory
 * (`perProcess`, rate-limit-store.ts), so that the hot read path costs no database write (issue
 * 31 item 1; a test counts every table's rows around a read); its 429 is DESIGN §3's
 * (server/plugins/errors.ts). Issue 19 item 5.
 */
export function singleReadLimit(config: Config) {
  return {
    rateLimit: {
      max: Math.ceil(SINGLE_READ_LIMIT.limit * config.userRateLimitFactor),
      timeWindow: SINGLE_READ_LIMIT.windowSeconds * 1000,
      perProcess: true,
    },
  };
}
