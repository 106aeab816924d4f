import type { z } from 'zod';
import type { DB } from '../../db/types';
import { now } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../errors';
import { normalizePhone } from '../../../shared/domain/phone';
import type { loginBody, passwordBody, RegisterBody } from '../../../shared/schemas/users';
import type { SiteRole } from '../../../shared/constants';
import { hashPassword, verifyPassword } from './password';
import * as repo from './users.repository';
import { assertNotThrottled, clearAccount, recordFailure } from './login-throttle';

function takenErrors(taken: { phone: boolean; email: boolean }): HttpError | null {
  const errors: Record<string, string[]> = {};
  if (taken.phone) errors.phone_1 = ['phone_taken'];
  if (taken.email) errors.email = ['email_taken'];
  return Object.keys(errors).length ? new HttpError(422, errors) : null;
}

/** Creates the user and their personal shop (DESIGN §6) in one transaction. */
export async function register(
  db: DB,
  body: RegisterBody & { role?: SiteRole },
  scryptLogN: number,
) {
  const taken = takenErrors(await repo.phoneOrEmailTaken(db, body.phone_1, body.email));
  if (taken) throw taken;
  const password_hash = await hashPassword(body.password, scryptLogN);
  const at = now();
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await repo.insertUser(trx, {
        first_name: body.first_name,
        last_name: body.last_name,
        phone_1: body.phone_1,
        email: body.email ?? null,
        role: body.role ?? 'user',
        language: body.language ?? null,
        password_hash,
        created_at: at,
        updated_at: at,
      });
      await repo.insertPersonalShop(trx, user);
      return user;
    });
  } catch (error) {
    // Two sign-ups raced for the same phone or email: the unique key decided.
    if (isUniqueViolation(error)) {
      throw takenErrors(await repo.phoneOrEmailTaken(db, body.phone_1, body.email)) ?? error;
    }
    throw error;
  }
}

// Verifying against this when no account matches keeps the answer time the same either way.
let decoyHash: Promise<string> | undefined;

export async function login(
  db: DB,
  body: z.infer<typeof loginBody>,
  address: string,
  scryptLogN: number,
) {
  const phone = normalizePhone(body.login);
  const email = phone ? undefined : body.login.toLowerCase();
  const keys = { account: phone ?? email ?? '', address };
  await assertNotThrottled(db, keys);
  const user = await repo.findUserByLogin(db, { phone: phone ?? undefined, email });
  decoyHash ??= hashPassword('decoy password', scryptLogN);
  const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoyHash));
  if (!user || !ok) {
    await recordFailure(db, keys);
    throw new HttpError(422, { global: ['wrong_credentials'] });
  }
  await clearAccount(db, keys.account);
  return user;
}

export async function me(db: DB, userId: number) {
  const user = await repo.findUserById(db, userId);
  if (!user) return null;
  return { user, shops: await repo.shopsOfUser(db, userId) };
}

export async function changePassword(
  db: DB,
  userId: number,
  body: z.infer<typeof passwordBody>,
  scryptLogN: number,
) {
  const user = await repo.findUserById(db, userId);
  if (!user || !(await verifyPassword(body.old_password, user.password_hash))) {
    throw new HttpError(422, { old_password: ['wrong_password'] });
  }
  await repo.updateUser(db, userId, {
    password_hash: await hashPassword(body.new_password, scryptLogN),
  });
}
