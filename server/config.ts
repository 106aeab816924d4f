import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LISTING_DAYS_DEFAULT } from '../shared/constants';

// Every environment variable the server reads (DESIGN §10), typed, with its default. The
// environment is checked once at start: a bad value stops the server with a message naming the
// variable (ConfigError), rather than a server that half works.
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  tileUrl: string;
  routingUrl: string;
  /** How long the server waits for the routing service (GET /routing/route). */
  routingTimeoutMs: number;
  publicUrl: string;
  logLevel: string;
  /** Secure cookies: on when PUBLIC_URL is https. */
  secureCookies: boolean;
  /** log2 of scrypt's N (OWASP: 17). Only tests lower it, to keep the suite fast. */
  scryptLogN: number;
  /** Folder of the built web app (index.html and assets/). */
  webDir: string;
  /** NODE_ENV=production: no demo accounts with a known password. */
  production: boolean;
  /**
   * TRUST_PROXY (DESIGN §11): which proxies may say who the client is in X-Forwarded-For. false:
   * nobody (the socket's address is the client); a hop count; or the proxies' addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  /** DATABASE_POOL_MAX: PostgreSQL connections per process. */
  databasePoolMax: number;
  /** Server processes `npm start` runs (node:cluster); PostgreSQL only, SQLite runs one (issue 18). */
  workers: number;
  /**
   * SEARCH_READ_WORKERS: SQLite only, worker threads (each with a read-only connection) that run
   * the searches' reads beside the main connection (docs/search.md); 0: searches read on it.
   */
  searchReadWorkers: number;
  /** STATEMENT_TIMEOUT_MS: PostgreSQL cancels any statement running longer (0: never). */
  statementTimeoutMs: number;
  /** REQUEST_TIMEOUT_MS: a request not answered by then gets 503 (0: no deadline). */
  requestTimeoutMs: number;
  /** PAGE_CACHE_MB: memory for pages kept for visitors not signed in (0: none kept; issue 31). */
  pageCacheMb: number;
  /** USER_RATE_LIMIT_FACTOR: multiplies the per-user write limits of USER_RATE_LIMITS; ≥ 1. */
  userRateLimitFactor: number;
  /**
   * SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN (issue 21): the server POSTs `{"to", "text"}` there with
   * `Authorization: Bearer <token>`. Unset: development prints the messages, production refuses.
   */
  smsGateway: { url: string; token: string } | undefined;
  /** SMTP_URL and MAIL_FROM (issue 21): e-mail through this SMTP server (nodemailer). */
  smtp: { url: string; from: string } | undefined;
  /**
   * S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (all four or none), S3_REGION:
   * media in an S3-compatible bucket instead of DATA_DIR/media (issue 18 item 4).
   */
  s3: S3Config | undefined;
  /** MEDIA_PUBLIC_URL: where the bucket's files are public; /media/{file} then redirects there. */
  mediaPublicUrl: string | undefined;
  /** SITEMAP_PAGE_SIZE: URLs per sitemap file (issue 16: at most 50,000; tests set a few). */
  sitemapPageSize: number;
  /** SITEMAP_CACHE_SECONDS: how long a built sitemap file is served before it is rebuilt (issue 29 item 7). */
  sitemapCacheSeconds: number;
  /**
   * BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP (issue 34 item 1): scheduled backups into
   * BACKUP_DIR/backup-<time>/, one process at a time, the oldest beyond BACKUP_KEEP removed.
   * Unset BACKUP_DIR: no schedule (`npm run cli -- backup --to DIR` still works).
   */
  backup: { dir: string; everyHours: number; keep: number } | undefined;
  /**
   * METRICS_TOKEN (issue 34 item 2): GET /metrics answers with `Authorization: Bearer <token>`.
   * METRICS_PORT: /metrics on its own port, bound to 127.0.0.1, without a token. Neither: off (404).
   */
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  /**
   * SHUTDOWN_DRAIN_MS (issue 34 item 3): on SIGTERM, /readyz answers 503 this long, requests still
   * served, before the server stops accepting them: a load balancer polling /readyz drains it first.
   */
  shutdownDrainMs: number;
  /** LISTING_DAYS (issue 32): an offer or demand is live this many days from publication or renewal. */
  listingDays: number;
  /** LISTING_PURGE_DAYS: expired ones are deleted with their media this many days after the end. */
  listingPurgeDays: number;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

function flag(value: string | undefined, dflt: boolean): boolean {
  if (value === undefined || value === '') return dflt;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

const unset = (v: unknown) => (v === '' ? undefined : v);
const integer = (min: number, max: number, dflt: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? String(dflt) : v),
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`),
  );
/** A number of days, decimals accepted (tests shorten periods to seconds). */
const decimal = (min: number, max: number, dflt: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? String(dflt) : v),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, `must be a number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a number from ${min} to ${max}`),
  );
const url = (protocols: RegExp, message: string) =>
  z.preprocess(unset, z.string().regex(protocols, message).optional());

/** An address or a CIDR block (`10.0.0.0/8`, `::1`, `fd00::/8`). */
function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const trustProxy = z.preprocess(
  unset,
  z
    .string()
    .optional()
    .transform((value, ctx): Config['trustProxy'] => {
      if (value === undefined) return false;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((e) => e.trim());
      const bad = entries.filter((e) => !isAddressOrCidr(e));
      if (bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a hop count or comma-separated addresses/CIDRs, not "${bad[0]}"`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

const envSchema = z
  .object({
    PORT: integer(0, 65_535, 3000),
    HOST: z.preprocess(unset, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(unset, z.string().default('data')),
    DATABASE_URL: url(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
    SEED_DEMO: z.string().optional(),
    TILE_URL: z.preprocess(
      unset,
      z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    ),
    ROUTING_URL: z.preprocess(unset, z.string().default('https://router.project-osrm.org')),
    ROUTING_TIMEOUT_MS: integer(100, 60_000, 4_000),
    PUBLIC_URL: url(/^https?:\/\/[^/]/, 'must be an http:// or https:// URL'),
    LOG_LEVEL: z.preprocess(
      unset,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    SCRYPT_LOG_N: integer(10, 20, 17),
    WEB_DIR: z.preprocess(unset, z.string().default('dist/web')),
    NODE_ENV: z.string().optional(),
    TRUST_PROXY: trustProxy,
    DATABASE_POOL_MAX: integer(1, 1000, 10),
    WORKERS: integer(1, 64, 1),
    SEARCH_READ_WORKERS: integer(0, 16, 2),
    STATEMENT_TIMEOUT_MS: integer(0, 3_600_000, 5000),
    REQUEST_TIMEOUT_MS: integer(0, 3_600_000, 30_000),
    PAGE_CACHE_MB: integer(0, 4096, 32),
    USER_RATE_LIMIT_FACTOR: z.preprocess(
      (v) => (v === undefined || v === '' ? '1' : v),
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, 'must be a number ≥ 1')
        .transform(Number)
        .refine((n) => n >= 1, 'must be a number ≥ 1'),
    ),
    S3_ENDPOINT: url(/^https?:\/\/[^/]/, 'must be an http:// or https:// URL'),
    S3_BUCKET: z.preprocess(
      unset,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 a-z 0-9 . -)')
        .optional(),
    ),
    S3_ACCESS_KEY_ID: z.preprocess(unset, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(unset, z.string().optional()),
    S3_REGION: z.preprocess(unset, z.string().default('us-east-1')),
    MEDIA_PUBLIC_URL: url(/^https?:\/\/[^/]/, 'must be an http:// or https:// URL'),
    SMS_GATEWAY_URL: url(/^https?:\/\/[^/]/, 'must be an http:// or https:// URL'),
    SMS_GATEWAY_TOKEN: z.preprocess(unset, z.string().optional()),
    SMTP_URL: url(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.preprocess(unset, z.string().max(300).optional()),
    SITEMAP_PAGE_SIZE: integer(1, 50_000, 2_000),
    SITEMAP_CACHE_SECONDS: integer(0, 86_400, 900),
    BACKUP_DIR: z.preprocess(unset, z.string().optional()),
    BACKUP_EVERY_HOURS: integer(1, 8_760, 24),
    BACKUP_KEEP: integer(1, 1_000, 7),
    METRICS_TOKEN: z.preprocess(
      unset,
      z.string().min(16, 'must be at least 16 characters (it is a password)').optional(),
    ),
    METRICS_PORT: z.preprocess(
      unset,
      z
        .string()
        .regex(/^\d+$/, 'must be a port number from 1 to 65535')
        .transform(Number)
        .refine((n) => n >= 1 && n <= 65_535, 'must be a port number from 1 to 65535')
        .optional(),
    ),
    SHUTDOWN_DRAIN_MS: integer(0, 60_000, 0),
    LISTING_DAYS: decimal(0.0001, 3_650, LISTING_DAYS_DEFAULT),
    LISTING_PURGE_DAYS: decimal(0, 36_500, 365),
  })
  .superRefine((e, ctx) => {
    // Half an S3 configuration would silently keep media on the local disk: all four or none.
    const keys = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const given = keys.filter((k) => e[k] !== undefined);
    if (given.length && given.length < keys.length) {
      for (const k of keys.filter((k) => e[k] === undefined))
        ctx.addIssue({ code: 'custom', path: [k], message: `required with ${given.join(', ')}` });
    }
    if (e.MEDIA_PUBLIC_URL && !given.length)
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_PUBLIC_URL'],
        message: 'requires S3_* (the bucket)',
      });
  });

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const issues: string[] = [];
  if (e.SMS_GATEWAY_URL && !e.SMS_GATEWAY_TOKEN)
    issues.push('SMS_GATEWAY_TOKEN: required when SMS_GATEWAY_URL is set');
  if (!e.SMS_GATEWAY_URL && e.SMS_GATEWAY_TOKEN)
    issues.push('SMS_GATEWAY_URL: required when SMS_GATEWAY_TOKEN is set');
  if (
    e.MAIL_FROM !== undefined &&
    !/^([^<>@]*<[^<>\s]+@[^<>\s]+>|[^<>\s@]+@[^<>\s@]+)$/.test(e.MAIL_FROM.trim())
  )
    issues.push('MAIL_FROM: must be an address (no-reply@example.mr) or a name and <address>');
  if (issues.length) throw new ConfigError(issues);
  const production = e.NODE_ENV === 'production';
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // A production install gets no demo accounts unless SEED_DEMO asks for them (issue 14 item 8).
    seedDemo: flag(e.SEED_DEMO, !production),
    tileUrl: e.TILE_URL,
    routingUrl: e.ROUTING_URL,
    routingTimeoutMs: e.ROUTING_TIMEOUT_MS,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    secureCookies: publicUrl.startsWith('https://'),
    scryptLogN: e.SCRYPT_LOG_N,
    webDir: path.resolve(e.WEB_DIR),
    production,
    trustProxy: e.TRUST_PROXY,
    databasePoolMax: e.DATABASE_POOL_MAX,
    workers: e.WORKERS,
    searchReadWorkers: e.SEARCH_READ_WORKERS,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    pageCacheMb: e.PAGE_CACHE_MB,
    userRateLimitFactor: e.USER_RATE_LIMIT_FACTOR,
    smsGateway: e.SMS_GATEWAY_URL
      ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN! }
      : undefined,
    smtp: e.SMTP_URL
      ? {
          url: e.SMTP_URL,
          from: e.MAIL_FROM?.trim() || `Souq <no-reply@${new URL(publicUrl).hostname}>`,
        }
      : undefined,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          region: e.S3_REGION,
        }
      : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    sitemapPageSize: e.SITEMAP_PAGE_SIZE,
    sitemapCacheSeconds: e.SITEMAP_CACHE_SECONDS,
    backup: e.BACKUP_DIR
      ? { dir: path.resolve(e.BACKUP_DIR), everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    listingDays: e.LISTING_DAYS,
    listingPurgeDays: e.LISTING_PURGE_DAYS,
  };
}
