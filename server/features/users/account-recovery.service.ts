import { ACCOUNT_CODE_LIMITS, DEFAULT_LANGUAGE } from '../../../shared/constants';
import { loginKey, parseLogin, type Login } from '../../../shared/domain/login';
import type { DB } from '../../db/types';
import { now } from '../../db/connect';
import { HttpError, invalid } from '../../errors';
import { enforce } from '../../limits/rate-limits';
import { resetCodeSms, resetLinkMail, verifyCodeSms, type Mail } from '../../messaging/texts';
import { hashPassword } from './password';
import * as repo from './users.repository';
import * as codesRepo from './account-codes.repository';
import {
  CODE_TTL_MS,
  checkCode,
  isRightCode,
  issueCode,
  newDigitCode,
  newLinkToken,
} from './account-codes';

// Password reset and phone checks (issue 21, docs/accounts.md).

export interface Send {
  sms(to: string, text: string): void;
  mail(to: string, mail: Mail): void;
}

export interface RecoveryDeps {
  db: DB;
  secret: string;
  publicUrl: string;
}

/** A phone number (any written form) or an e-mail address; anything else is refused (422). */
export function requiredLogin(login: string): Login {
  const parsed = parseLogin(login);
  if (!parsed) throw invalid('login');
  return parsed;
}

const codeInvalid = () => new HttpError(422, { code: ['code_invalid'] });
const banned = () => new HttpError(403, { global: ['account_banned'] });

/**
 * The limits of POST /password/forgot, counted before any look-up, so that they answer the same
 * for known and unknown logins: per address, per login, and per phone number for SMS.
 */
export async function limitForgot(db: DB, login: Login, address: string): Promise<void> {
  await enforce(db, {
    scope: 'code_send_address',
    key: address,
    ...ACCOUNT_CODE_LIMITS.sendPerAddress,
  });
  await enforce(db, {
    scope: 'forgot_login',
    key: loginKey(login),
    ...ACCOUNT_CODE_LIMITS.forgotPerLogin,
  });
  if (login.phone)
    await enforce(db, { scope: 'sms_phone', key: login.phone, ...ACCOUNT_CODE_LIMITS.smsPerPhone });
}

/**
 * The part of POST /password/forgot that depends on the account: it runs after the answer has
 * gone (the same answer, at the same time, whether the account exists). Nothing happens for an
 * unknown login.
 */
export async function sendReset(deps: RecoveryDeps, login: Login, send: Send): Promise<void> {
  const user = await repo.findUserByLogin(deps.db, login);
  if (!user) return;
  const language = user.language ?? DEFAULT_LANGUAGE;
  if (login.phone) {
    const code = newDigitCode();
    await issueCode(deps.db, deps.secret, {
      userId: user.id,
      purpose: 'reset',
      target: login.phone,
      code,
    });
    send.sms(login.phone, resetCodeSms(language, code, new URL(deps.publicUrl).host, CODE_TTL_MS));
  } else {
    const email = login.email!;
    const token = newLinkToken();
    await issueCode(deps.db, deps.secret, {
      userId: user.id,
      purpose: 'reset',
      target: email,
      code: token,
    });
    const link = new URL('/password/reset', deps.publicUrl);
    link.searchParams.set('login', email);
    link.searchParams.set('token', token);
    send.mail(email, resetLinkMail(language, link.toString(), CODE_TTL_MS));
  }
}

/** Codes tried count per address before anything is looked up, on every account (known or not). */
function limitTries(db: DB, address: string) {
  return enforce(db, {
    scope: 'code_try_address',
    key: address,
    ...ACCOUNT_CODE_LIMITS.triesPerAddress,
  });
}

/**
 * POST /password/code (issue 35 item 15): whether the reset code is right, before the person types
 * a new password. Counted against the same limits as the reset (the address's tries, the code's
 * tries: a wrong code spends one) so it is no faster way to guess; a right code stays unused, its
 * try given back. Wrong, expired, used-up and unknown-login codes get the same answer; a banned
 * account hears so here, with the right code, as the reset would tell it.
 */
export async function checkResetCode(
  deps: RecoveryDeps,
  body: { login: string; code: string },
  address: string,
): Promise<void> {
  const { db } = deps;
  await limitTries(db, address);
  const login = requiredLogin(body.login);
  const user = await repo.findUserByLogin(db, login);
  const right =
    !!user &&
    (await isRightCode(db, deps.secret, {
      userId: user.id,
      purpose: 'reset',
      target: loginKey(login),
      code: body.code,
    }));
  if (!user || !right) throw codeInvalid();
  if (user.banned_at) throw banned();
}

/**
 * POST /password/reset: a right code sets the new password, ends every session of the user and
 * returns them (the route signs this device in). A reset by SMS code proves the phone too.
 * Wrong, expired, used-up and unknown-login codes get the same answer.
 */
export async function resetPassword(
  deps: RecoveryDeps,
  body: { login: string; code: string; password: string },
  address: string,
  scryptLogN: number,
) {
  const { db } = deps;
  await limitTries(db, address);
  const login = requiredLogin(body.login);
  const user = await repo.findUserByLogin(db, login);
  const target = loginKey(login);
  const codeId = user
    ? await checkCode(db, deps.secret, {
        userId: user.id,
        purpose: 'reset',
        target,
        code: body.code,
      })
    : null;
  if (!user || codeId === null) throw codeInvalid();
  // Issue 29 item 1: a reset signs in, so a banned account may not use it to come back. Said only
  // to whoever holds the right code, as /login says it only after the right password; nothing
  // is written and the code stays unused.
  if (user.banned_at) throw banned();
  const password_hash = await hashPassword(body.password, scryptLogN);
  await db.transaction().execute(async (trx) => {
    if (!(await codesRepo.deleteCode(trx, codeId))) throw codeInvalid();
    const proved = login.phone && login.phone === user.phone_1 && !user.phone_verified_at;
    await repo.updateUser(trx, user.id, {
      password_hash,
      ...(proved ? { phone_verified_at: now() } : {}),
    });
    await codesRepo.deleteAllSessions(trx, user.id);
  });
  return user;
}

/** POST /users/phone/verify/send: a code by SMS to the user's phone_1. */
export async function sendPhoneCode(
  deps: RecoveryDeps,
  userId: number,
  address: string,
  send: Send,
): Promise<void> {
  const { db } = deps;
  const user = await repo.findUserById(db, userId);
  if (!user) throw new HttpError(401, { global: ['unauthenticated'] });
  await enforce(db, {
    scope: 'verify_send_user',
    key: String(userId),
    ...ACCOUNT_CODE_LIMITS.verifySendPerUser,
  });
  await enforce(db, {
    scope: 'code_send_address',
    key: address,
    ...ACCOUNT_CODE_LIMITS.sendPerAddress,
  });
  await enforce(db, { scope: 'sms_phone', key: user.phone_1, ...ACCOUNT_CODE_LIMITS.smsPerPhone });
  const code = newDigitCode();
  await issueCode(db, deps.secret, { userId, purpose: 'verify', target: user.phone_1, code });
  send.sms(
    user.phone_1,
    verifyCodeSms(
      user.language ?? DEFAULT_LANGUAGE,
      code,
      new URL(deps.publicUrl).host,
      CODE_TTL_MS,
    ),
  );
}

/** POST /users/phone/verify: the code sent to the current phone_1 marks it verified. */
export async function verifyPhone(
  deps: RecoveryDeps,
  userId: number,
  code: string,
  address: string,
): Promise<void> {
  const { db } = deps;
  await limitTries(db, address);
  const user = await repo.findUserById(db, userId);
  if (!user) throw new HttpError(401, { global: ['unauthenticated'] });
  const codeId = await checkCode(db, deps.secret, {
    userId,
    purpose: 'verify',
    target: user.phone_1,
    code,
  });
  if (codeId === null) throw codeInvalid();
  await db.transaction().execute(async (trx) => {
    if (!(await codesRepo.deleteCode(trx, codeId))) throw codeInvalid();
    // Still the number the code went to (a profile edit may have changed it meanwhile).
    const current = await repo.findUserById(trx, userId);
    if (current?.phone_1 !== user.phone_1) throw codeInvalid();
    await repo.updateUser(trx, userId, { phone_verified_at: now() });
  });
}
