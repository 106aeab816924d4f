import { LOGIN_SLOWDOWN, LOGIN_THROTTLE } from '../../../shared/constants';
import type { Executor } from '../../db/types';
import { tooMany } from '../../errors';
import * as repo from './login-throttle.repository';

// Sign-in throttling (docs/decisions.md, "Sign-in throttling"; issue 14 item 2), kept in the
// database so that every server process sees the same counts. Failures are counted under three
// keys within a window of LOGIN_THROTTLE.windowSeconds:
// - per address: past perAddress, that address may not try any account until the window ends;
// - per (account, address): past perAccount, that address may not try that account;
// - per account, from anywhere: never a lockout. Once an account has many recent failures, an
//   address that has itself failed on it must wait a delay after its last failure, growing with
//   the failures from other addresses (slow distributed guessing down).
// An address with no recent failures is never refused because of others' failures: the owner
// signing in from their own phone gets in even while the account is under attack.
// Issue 29 item 5 (a flood from many addresses): past LOGIN_THROTTLE.accountBudget failures on an
// account, an address that has failed anywhere is refused before any hashing; and a sign-in is
// `clean` (it may take the hashing queue's reserved places) only when neither its address nor its
// account has a recent failure. The answers never depend on whether the account exists: failures
// are counted under the login as typed, for unknown accounts too.

export interface Keys {
  account: string;
  address: string;
}

const keyOf = {
  address: (k: Keys) => `ip:${k.address}`,
  pair: (k: Keys) => `pair:${k.account}|${k.address}`,
  account: (k: Keys) => `acct:${k.account}`,
};

const windowMs = LOGIN_THROTTLE.windowSeconds * 1000;

/** Seconds an address with failures of its own waits after its last one, given others' failures. */
export function slowdownSeconds(othersFailures: number): number {
  if (othersFailures < LOGIN_SLOWDOWN.after) return 0;
  const steps = Math.floor(othersFailures / LOGIN_SLOWDOWN.after);
  return Math.min(LOGIN_SLOWDOWN.maxDelaySeconds, 2 ** steps);
}

/** What the throttle knows of a sign-in it lets through. */
export interface Recent {
  /** Neither the address nor the account has a failure in the window. */
  clean: boolean;
}

export async function assertNotThrottled(
  db: Executor,
  keys: Keys,
  at = Date.now(),
): Promise<Recent> {
  const rows = await repo.findThrottleRows(db, [
    keyOf.address(keys),
    keyOf.pair(keys),
    keyOf.account(keys),
  ]);
  const live = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return row && Date.parse(row.window_start) + windowMs > at ? row : undefined;
  };
  const retryAt = (row: repo.ThrottleRow) =>
    Math.max(1, Math.ceil((Date.parse(row.window_start) + windowMs - at) / 1000));

  const address = live(keyOf.address(keys));
  if (address && address.failures >= LOGIN_THROTTLE.perAddress) throw tooMany(retryAt(address));
  const account = live(keyOf.account(keys));
  if (address && account && account.failures >= LOGIN_THROTTLE.accountBudget) {
    throw tooMany(retryAt(account));
  }
  const pair = live(keyOf.pair(keys));
  if (!pair) return { clean: !address && !account };
  if (pair.failures >= LOGIN_THROTTLE.perAccount) throw tooMany(retryAt(pair));
  const delay = slowdownSeconds((account?.failures ?? 0) - pair.failures);
  const lastFailure = Date.parse(pair.last_failure_at ?? pair.window_start);
  const waitMs = lastFailure + delay * 1000 - at;
  if (waitMs > 0) throw tooMany(Math.ceil(waitMs / 1000));
  return { clean: false };
}

export async function recordFailure(db: Executor, keys: Keys, at = Date.now()): Promise<void> {
  await repo.countFailure(
    db,
    [keyOf.address(keys), keyOf.pair(keys), keyOf.account(keys)],
    new Date(at - windowMs).toISOString(),
    new Date(at).toISOString(),
  );
}

/** A correct password: this address's failures on this account are forgiven (not others'). */
export async function clearFailures(db: Executor, keys: Keys): Promise<void> {
  await repo.deleteThrottleKey(db, keyOf.pair(keys));
}

/** Rows whose window has run out: the housekeeping timer drops them. */
export function pruneThrottle(db: Executor, at = Date.now()): Promise<number> {
  return repo.pruneLoginThrottle(db, new Date(at - windowMs).toISOString());
}
