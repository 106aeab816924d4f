import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { PASSWORD_HASHING } from '../../../shared/constants';
import { BoundedQueue } from '../../bounded-queue';
import { HttpError } from '../../errors';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt at OWASP's parameters (N=2^17, r=8, p=1). The parameters are stored with each hash,
// so raising them later leaves old hashes verifiable.
const KEY_LENGTH = 32;
const BUSY_RETRY_SECONDS = 5;

/**
 * Each scrypt takes 128 MiB and a CPU core for some 0.3 s: a flood of sign-ins must not starve
 * everything else (issue 14 item 6). Hashes run a few at a time; past the queue, 503.
 */
export const hashing = new BoundedQueue(
  PASSWORD_HASHING.concurrent,
  PASSWORD_HASHING.waiting,
  BUSY_RETRY_SECONDS,
);

/**
 * Which waiting places a hash may take (issue 29 item 5): `reserved` (a sign-in from an address
 * and to an account with no recent failures) may take any; `shared` (every other hash) may not
 * take the last PASSWORD_HASHING.reserved, so a flood of wrong passwords leaves the owner room.
 */
export type HashLane = 'reserved' | 'shared';

function admit(lane: HashLane): void {
  if (lane === 'reserved') return;
  const { running, waiting } = hashing.size;
  if (
    running >= PASSWORD_HASHING.concurrent &&
    waiting >= PASSWORD_HASHING.waiting - PASSWORD_HASHING.reserved
  ) {
    hashing.refused += 1;
    throw new HttpError(
      503,
      { global: ['server_busy'] },
      { 'retry-after': String(BUSY_RETRY_SECONDS) },
    );
  }
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  admit('shared');
  const salt = crypto.randomBytes(16);
  const N = 2 ** logN;
  const key = await hashing.run(() =>
    scrypt(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 }),
  );
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

// How long recent verifications took, waiting included: a sign-in for an account that does not
// exist waits one of them (imitateVerify) instead of hashing, and so answers in the same time.
// Only the last minute's count: after a flood, its long waits must not linger on a quiet server.
const TIMING_SAMPLES = 64;
const TIMING_MAX_AGE_MS = 60_000;
const timings: { ms: number; at: number }[] = [];
let nextTiming = 0;

function recentTiming(): number | undefined {
  const since = Date.now() - TIMING_MAX_AGE_MS;
  const fresh = timings.filter((t) => t.at >= since);
  return fresh.length ? fresh[Math.floor(Math.random() * fresh.length)].ms : undefined;
}

export async function verifyPassword(
  password: string,
  stored: string,
  lane: HashLane = 'shared',
): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  admit(lane);
  const started = performance.now();
  const N = 2 ** Number(logN);
  const expected = Buffer.from(hash, 'base64');
  const key = await hashing.run(() =>
    scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r),
    }),
  );
  timings[nextTiming] = { ms: performance.now() - started, at: Date.now() };
  nextTiming = (nextTiming + 1) % TIMING_SAMPLES;
  return crypto.timingSafeEqual(key, expected);
}

let decoyHash: Promise<string> | undefined;
let measuring: Promise<void> | undefined;

/** One verification of a decoy, for real: it takes the time one takes now, and measures it. */
async function measure(logN: number): Promise<void> {
  decoyHash ??= hashPassword('decoy password', logN).catch((error: unknown) => {
    decoyHash = undefined; // busy: the next caller tries again
    throw error;
  });
  await verifyPassword('not the decoy', await decoyHash, 'shared');
}

/**
 * Takes as long as a verification would, without its CPU and memory (issue 29 item 5): the wait
 * is one of the last minute's verification times, picked at random, so it follows their spread.
 * With none that recent, one decoy is verified for real (by one caller; the others wait for it),
 * so a flood of unknown logins on a quiet server costs at most one hash a minute.
 */
export async function imitateVerify(logN: number): Promise<void> {
  const ms = recentTiming();
  if (ms !== undefined) return void (await sleep(ms));
  // A busy queue (503) ends the wait early rather than answer an unknown login differently.
  measuring ??= measure(logN)
    .catch(() => {})
    .finally(() => (measuring = undefined));
  await measuring;
}
