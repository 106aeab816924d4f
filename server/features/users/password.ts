import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { PASSWORD_HASHING } from '../../../shared/constants';
import { BoundedQueue } from '../../bounded-queue';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt at OWASP's parameters (N=2^17, r=8, p=1). The parameters are stored with each hash,
// so raising them later leaves old hashes verifiable.
const KEY_LENGTH = 32;

/**
 * Each scrypt takes 128 MiB and a CPU core for some 0.3 s: a flood of sign-ins must not starve
 * everything else (issue 14 item 6). Hashes run a few at a time; past the queue, 503.
 */
export const hashing = new BoundedQueue(PASSWORD_HASHING.concurrent, PASSWORD_HASHING.waiting);

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = 2 ** logN;
  const key = await hashing.run(() =>
    scrypt(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 }),
  );
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt') return false;
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
  return crypto.timingSafeEqual(key, expected);
}
