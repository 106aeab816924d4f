import type { Config } from '../config';
import { SINGLE_READ_LIMIT } from '../../shared/constants';

/**
 * The route option that limits the single offer and single shop answers (they carry the shop's
 * numbers) per address: @fastify/rate-limit, in memory per process, so that the hot read path
 * costs no database write; its 429 is DESIGN §3's (server/plugins/errors.ts). Issue 19 item 5.
 */
export function singleReadLimit(config: Config) {
  return {
    rateLimit: {
      max: Math.ceil(SINGLE_READ_LIMIT.limit * config.userRateLimitFactor),
      timeWindow: SINGLE_READ_LIMIT.windowSeconds * 1000,
    },
  };
}
