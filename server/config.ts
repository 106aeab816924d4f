import path from 'node:path';

// Every environment variable the server reads (DESIGN §10), typed, with its default.
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  tileUrl: string;
  routingUrl: string;
  publicUrl: string;
  logLevel: string;
  /** Secure cookies: on when PUBLIC_URL is https. */
  secureCookies: boolean;
  /** log2 of scrypt's N (OWASP: 17). Only tests lower it, to keep the suite fast. */
  scryptLogN: number;
  /** Folder of the built web app (index.html and assets/). */
  webDir: string;
  /** Multiplies the per-user write limits of USER_RATE_LIMITS (shared/constants.ts); ≥ 1. */
  userRateLimitFactor: number;
}

function flag(value: string | undefined, dflt: boolean): boolean {
  if (value === undefined || value === '') return dflt;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** USER_RATE_LIMIT_FACTOR: a number ≥ 1 (default 1); anything else stops the server. */
function rateLimitFactor(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const factor = Number(value);
  if (!Number.isFinite(factor) || factor < 1) {
    throw new Error(`USER_RATE_LIMIT_FACTOR must be a number ≥ 1, not "${value}"`);
  }
  return factor;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: flag(env.SEED_DEMO, true),
    tileUrl: env.TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    routingUrl: env.ROUTING_URL ?? 'https://router.project-osrm.org',
    publicUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    secureCookies: publicUrl.startsWith('https://'),
    scryptLogN: Number(env.SCRYPT_LOG_N ?? 17),
    webDir: path.resolve(env.WEB_DIR ?? 'dist/web'),
    userRateLimitFactor: rateLimitFactor(env.USER_RATE_LIMIT_FACTOR),
  };
}
