import type { z } from 'zod';
import type { DB, UserUpdate } from '../../db/types';
import { now } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { forbidden, HttpError, notFound } from '../../errors';
import { can, type Viewer } from '../../../shared/domain/permissions';
import { loginKey, parseLogin } from '../../../shared/domain/login';
import {
  PROFILE_FIELDS,
  USER_IMAGES,
  type loginBody,
  type passwordBody,
  type ProfileBody,
  type RegisterBody,
} from '../../../shared/schemas/users';
import type { SiteRole } from '../../../shared/constants';
import { hashPassword, imitateVerify, verifyPassword } from './password';
import * as repo from './users.repository';
import { assertNotThrottled, clearFailures, recordFailure } from './login-throttle';
import { toPublicProfile, toSelfUser } from './users.mapper';
import { seesUserNumbers } from '../insights/numbers';
import type { AuthUser } from '../../plugins/session';
import * as removal from './user-removal.repository';
import * as shopsRepo from '../shops/shops.repository';
import { changedFields, recordAudit } from '../admin/audit.service';
import {
  imageChanges,
  prepareImages,
  preparedList,
  type Uploads,
  type WriteDeps,
} from '../shops/image-fields';
import { ofOwner as ratingOfOwner } from '../ratings/ratings.service';

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

const wrongCredentials = () => new HttpError(422, { global: ['wrong_credentials'] });

/**
 * POST /login. Refused before any hashing (issue 29 item 5): a throttled address or account
 * (429), and a login no account has, which waits as long as a verification would and gets the
 * wrong password's answer (docs/security.md says what that timing does and does not hide).
 * Only a clean sign-in (no recent failures on its address or account) may take the hashing
 * queue's reserved places.
 */
export async function login(
  db: DB,
  body: z.infer<typeof loginBody>,
  address: string,
  scryptLogN: number,
) {
  const parsed = parseLogin(body.login);
  // A login that is neither a phone nor an e-mail is counted under its text, like any other.
  const keys = { account: parsed ? loginKey(parsed) : body.login.toLowerCase(), address };
  const recent = await assertNotThrottled(db, keys);
  const user = parsed ? await repo.findUserByLogin(db, parsed) : undefined;
  if (!user) {
    await imitateVerify(scryptLogN);
    await recordFailure(db, keys);
    throw wrongCredentials();
  }
  const lane = recent.clean ? 'reserved' : 'shared';
  if (!(await verifyPassword(body.password, user.password_hash, lane))) {
    await recordFailure(db, keys);
    throw wrongCredentials();
  }
  await clearFailures(db, keys);
  // Issue 19: a banned account is told so (only once its password is right: no one else learns it).
  if (user.banned_at) throw new HttpError(403, { global: ['account_banned'] });
  return user;
}

export async function me(db: DB, userId: number) {
  const user = await repo.findUserById(db, userId);
  if (!user) return null;
  return { user, shops: await repo.shopsOfUser(db, userId) };
}

/** GET /users/me's user: the signed-in viewer as they see themself; null for anyone else. */
export async function selfUser(db: DB, viewer: AuthUser | null) {
  if (!viewer) return null;
  const self = await me(db, viewer.id);
  return self ? toSelfUser(self.user, self.shops) : null;
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

/** Public profile (GET /users/user/{id}): the mapper keeps it to public fields. */
export function publicProfile(db: DB, id: number) {
  return repo.findUserById(db, id);
}

/** The shops a user owns, their personal shop first: the public page lists them (issue 20). */
export function ownedShops(db: DB, userId: number) {
  return repo.shopsOfUser(db, userId, ['owner']);
}

/**
 * GET /users/user/{id}'s user: the public profile with the shops they own, their numbers for
 * themself and site staff only; null for an unknown id.
 */
export async function profileOf(db: DB, id: number, viewer: AuthUser | null) {
  const user = await publicProfile(db, id);
  if (!user) return null;
  const [shops, rating] = await Promise.all([ownedShops(db, user.id), ratingOfOwner(db, user.id)]);
  return toPublicProfile(user, shops, seesUserNumbers(viewer, user.id), rating);
}

/**
 * PUT /users/{id}: the user themself or a site admin; phone and email stay unique. A new photo or
 * cover replaces the old one, whose files are removed once the transaction has committed; '' or
 * null removes it. A refused request leaves no new file behind.
 */
export async function updateProfile(
  { db, dialect, media }: WriteDeps,
  viewer: Viewer,
  id: number,
  body: ProfileBody,
  uploads: Uploads = {},
) {
  if (!(await repo.findUserById(db, id))) throw notFound();
  if (!can.editUser(viewer, id)) throw forbidden();
  // Issue 32: how the user is reached is theirs to choose; a site admin's edit may not set it.
  if (body.sms_alerts !== undefined && viewer.id !== id) throw forbidden();
  const taken = takenErrors(await repo.phoneOrEmailTaken(db, body.phone_1, body.email, id));
  if (taken) throw taken;
  const images = await prepareImages(media, uploads, USER_IMAGES);
  const { photo, cover, sms_alerts, ...fields } = body;
  const changes: UserUpdate = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(changes, { [key]: value });
  }
  let replaced: string[];
  try {
    replaced = await media.commit(preparedList(images), () =>
      db.transaction().execute(async (trx) => {
        // Locked so that two edits at once each remove the image they replaced, and so that a
        // deletion running meanwhile is seen (404, and the new files go again).
        await removal.lockUser(trx, dialect, id);
        const before = await repo.findUserById(trx, id);
        if (!before) throw notFound();
        const pictures = imageChanges(USER_IMAGES, before, { photo, cover }, images);
        // A new phone_1 is not verified (issue 21): the badge goes until it is proved again.
        const phoneChanged = changes.phone_1 !== undefined && changes.phone_1 !== before.phone_1;
        // SMS alerts are turned on for a proved number only (never someone else's); once on, they
        // stay on, and go only while phone_1 is verified (listing-housekeeping).
        if (sms_alerts && !before.sms_alerts && (!before.phone_verified_at || phoneChanged)) {
          throw new HttpError(422, { sms_alerts: ['phone_not_verified'] });
        }
        await repo.updateUser(trx, id, {
          ...changes,
          ...pictures.changes,
          ...(phoneChanged ? { phone_verified_at: null } : {}),
          ...(sms_alerts !== undefined ? { sms_alerts: sms_alerts ? 1 : 0 } : {}),
        });
        const after = (await repo.findUserById(trx, id))!;
        // A site admin editing someone else's profile is a staff action (issue 34 item 4).
        const edited = viewer.id !== id && changedFields(before, after, PROFILE_FIELDS);
        if (edited) {
          await recordAudit(trx, {
            actorId: viewer.id,
            action: 'user.update',
            targetType: 'user',
            targetId: id,
            ...edited,
          });
        }
        const personalShop = await shopsRepo.personalShopIdOf(trx, id);
        if (personalShop) await repo.syncPersonalShop(trx, personalShop, before, after);
        return pictures.replaced;
      }),
    );
  } catch (error) {
    // Another account took the phone or email meanwhile: the unique key decided.
    if (isUniqueViolation(error)) {
      throw takenErrors(await repo.phoneOrEmailTaken(db, body.phone_1, body.email, id)) ?? error;
    }
    throw error;
  }
  await media.removeFiles(replaced);
  return (await me(db, id))!;
}

/**
 * DELETE /users/{id} (DESIGN §5), in one transaction: the user's saves, reports, reactions,
 * comments and commands with the counters they fed, the shops they alone own (the personal shop
 * too) with those shops' products, then the user with their sessions, staff places and
 * notifications. Stored files go after the commit.
 */
export async function deleteUser({ db, dialect, media }: WriteDeps, viewer: Viewer, id: number) {
  if (!(await repo.findUserById(db, id))) throw notFound();
  if (!can.deleteUser(viewer, id)) throw forbidden();
  const names = await db.transaction().execute(async (trx) => {
    await removal.lockUser(trx, dialect, id);
    const user = await repo.findUserById(trx, id);
    if (!user) throw notFound();
    const shopIds = await shopsRepo.shopsOwnedOnlyBy(trx, id);
    await shopsRepo.lockShops(trx, dialect, shopIds);
    const names = await shopsRepo.mediaNamesOfShops(trx, shopIds);
    await removal.removeActivity(trx, id);
    await shopsRepo.deleteShops(trx, shopIds);
    await removal.deleteUserRow(trx, id);
    // An admin deleting someone is a staff action (issue 34 item 4): who it was, no more (the
    // rest of their data goes, as they would have it). Leaving on one's own is not audited.
    if (viewer.id !== id) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        before: { first_name: user.first_name, last_name: user.last_name, role: user.role },
      });
    }
    return [...names, user.photo, user.cover].filter((n): n is string => !!n);
  });
  await media.removeFiles(names);
}
