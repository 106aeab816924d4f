import crypto from 'node:crypto';
import { ACCOUNT_CODES } from '../../../shared/constants';
import { typedCode } from '../../../shared/domain/one-time-code';
import type { Executor } from '../../db/types';
import * as repo from './account-codes.repository';
import type { CodePurpose } from './account-codes.repository';

// One-time codes (issue 21, docs/accounts.md): 6 digits by SMS, a longer token in e-mail links.
// Stored as an HMAC under the app secret, bound to the user, the purpose and the address it went
// to; valid ACCOUNT_CODES.ttlMinutes, ACCOUNT_CODES.maxTries tries.

export const CODE_TTL_MS = ACCOUNT_CODES.ttlMinutes * 60_000;

/** A uniformly drawn code of ACCOUNT_CODES.digits digits ('004217' included). */
export function newDigitCode(): string {
  return String(crypto.randomInt(0, 10 ** ACCOUNT_CODES.digits)).padStart(
    ACCOUNT_CODES.digits,
    '0',
  );
}

/** A token for e-mail links: nobody types it, so it can be long (192 bits). */
export function newLinkToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

function hashCode(secret: string, userId: number, purpose: CodePurpose, code: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${purpose}:${userId}:${code}`)
    .digest('base64url');
}

export async function issueCode(
  db: Executor,
  secret: string,
  options: { userId: number; purpose: CodePurpose; target: string; code: string },
): Promise<void> {
  const at = Date.now();
  await repo.putCode(db, {
    user_id: options.userId,
    purpose: options.purpose,
    code_hash: hashCode(secret, options.userId, options.purpose, options.code),
    target: options.target,
    expires_at: new Date(at + CODE_TTL_MS).toISOString(),
    created_at: new Date(at).toISOString(),
  });
}

/**
 * Spends one try of the user's live code and tells whether `code` is it (and went to `target`).
 * Returns the code's id to consume, or null: no live code, no tries left, wrong code.
 */
export async function checkCode(
  db: Executor,
  secret: string,
  options: { userId: number; purpose: CodePurpose; target: string; code: string },
): Promise<number | null> {
  const row = await repo.findLiveCode(
    db,
    options.userId,
    options.purpose,
    new Date().toISOString(),
    ACCOUNT_CODES.maxTries,
  );
  if (!row || row.target !== options.target) return null;
  if (!(await repo.spendTry(db, row.id, ACCOUNT_CODES.maxTries))) return null;
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(
    hashCode(secret, options.userId, options.purpose, typedCode(options.code)),
  );
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
    ? row.id
    : null;
}

/**
 * Issue 35 item 15: whether `code` is the user's live code, without using it up. A wrong code
 * spends a try exactly as checkCode does (the check is no faster way to guess); a right one gives
 * its try back, so that checking first never leaves the reset itself without one.
 */
export async function isRightCode(
  db: Executor,
  secret: string,
  options: { userId: number; purpose: CodePurpose; target: string; code: string },
): Promise<boolean> {
  const id = await checkCode(db, secret, options);
  if (id === null) return false;
  await repo.giveTryBack(db, id);
  return true;
}
