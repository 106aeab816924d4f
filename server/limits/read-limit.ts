import type { Config } from '../config';
import { SINGLE_READ_LIMIT } from '../../shared/constants';

/**
 * The route option that limits a read per address (clientLimitKey) under `rule`: @fastify/rate-limit
 * counting in this process's memory (`perProcess`, rate-limit-store.ts), so that a read costs no
 * database write (issue 31 item 1; a test counts every table's rows around a read); its 429 is
 * DESIGN §3's (server/plugins/errors.ts).
 */
export function readLimit(config: Config, rule: { limit: number; windowSeconds: number }) {
  return {
    rateLimit: {
      max: Math.ceil(rule.limit * config.userRateLimitFactor),
      timeWindow: rule.windowSeconds * 1000,
      perProcess: true,
    },
  };
}

/**
 * The single offer and single shop answers (they carry the shop's numbers): issue 19 item 5.
 */
export function singleReadLimit(config: Config) {
  return readLimit(config, SINGLE_READ_LIMIT);
}
