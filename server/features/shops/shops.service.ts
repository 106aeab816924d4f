import type { DB, Executor } from '../../db/types';
import { isUniqueViolation } from '../../db/errors';
import { forbidden, HttpError, invalid, notFound } from '../../errors';
import { can, type Viewer } from '../../../shared/domain/permissions';
import { loginKey, parseLogin } from '../../../shared/domain/login';
import type { ShopRole } from '../../../shared/constants';
import {
  SHOP_IMAGES,
  type AddEmployeeBody,
  type CreateShopBody,
  type UpdateShopBody,
} from '../../../shared/schemas/shops';
import { findUserById, findUserByLogin } from '../users/users.repository';
import { notify } from '../notifications/notify';
import {
  inviteDecision,
  isLeaving,
  removalDecision,
  roleChangeDecision,
  type AssignableRole,
  type StaffDecision,
} from '../../../shared/domain/employees';
import {
  imageChanges,
  prepareImages,
  preparedList,
  type WriteDeps,
  type Uploads,
} from './image-fields';
import * as repo from './shops.repository';
import * as invitationsRepo from './invitations.repository';
import { recordAudit } from '../admin/audit.service';
import { toPagination } from '../../../shared/schemas/common';
import type { AuthUser } from '../../plugins/session';
import { seesShopNumbers } from '../insights/numbers';
import { toPublicShop, toShopListItem } from './shops.mapper';

const ownerImmutable = () => new HttpError(422, { global: ['owner_immutable'] });

async function roleOf(db: Executor, shopId: number, viewer: Viewer | null) {
  return repo.shopRoleOf(db, shopId, viewer?.id);
}

async function shopOr404(db: Executor, id: number) {
  const shop = await repo.findShopRow(db, id);
  if (!shop) throw notFound();
  return shop;
}

async function isPersonalShop(db: Executor, shop: { id: number; is_professional: number }) {
  if (shop.is_professional) return false;
  const owner = await repo.ownerIdOf(db, shop.id);
  return owner !== null && (await repo.personalShopIdOf(db, owner)) === shop.id;
}

async function assertPcategory(db: Executor, id: number | null | undefined) {
  if (id && !(await repo.pcategoryExists(db, id))) throw invalid('pcategory_id');
}

export async function getShop(db: DB, id: number) {
  const row = await repo.findShop(db, id);
  if (!row) return null;
  return { row, employees: await repo.employeesOf(db, id) };
}

/** GET /shops/shop/{id}'s shop: numbers for its staff and site staff only; null for an unknown id. */
export async function publicShop(db: DB, id: number, viewer: AuthUser | null) {
  const found = await getShop(db, id);
  if (!found) return null;
  const seesNumbers = await seesShopNumbers(db, viewer, found.row.id);
  return toPublicShop(found.row, found.employees, seesNumbers);
}

/** GET /shops/paginate/all/0's page of shops. */
export async function shopsPage(db: DB, page: number, perPage: number) {
  const { rows, total } = await listShops(db, page, perPage);
  return toPagination(rows.map(toShopListItem), total, page, perPage);
}

export async function listShops(db: DB, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    repo.listShops(db, (page - 1) * perPage, perPage),
    repo.countShops(db),
  ]);
  return { rows, total };
}

/**
 * Creates the shop with its creator as owner (DESIGN §4), in one transaction. The logo and cover
 * are checked and converted first, written just before the transaction, and removed again if it
 * fails: a refused request leaves no file behind.
 */
export async function createShop(
  { db, media }: WriteDeps,
  viewer: Viewer,
  body: CreateShopBody,
  uploads: Uploads = {},
) {
  const images = await prepareImages(media, uploads, SHOP_IMAGES);
  const id = await media.commit(preparedList(images), () =>
    db.transaction().execute(async (trx) => {
      await assertPcategory(trx, body.pcategory_id);
      const shopId = await repo.insertShop(trx, {
        name: body.name,
        logo: images.logo?.name ?? null,
        cover: images.cover?.name ?? null,
        description: body.description ?? null,
        phone_1: body.phone_1 ?? null,
        phone_2: body.phone_2 ?? null,
        first_whatsapp_number: body.first_whatsapp_number ?? null,
        second_whatsapp_number: body.second_whatsapp_number ?? null,
        email: body.email ?? null,
        more_infos: body.more_infos ?? null,
        is_professional: body.is_professional ? 1 : 0,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        pcategory_id: body.pcategory_id ?? null,
      });
      await repo.insertEmployee(trx, shopId, viewer.id, 'owner');
      return shopId;
    }),
  );
  return (await getShop(db, id))!;
}

/** 404 for an unknown shop, 403 for a viewer who may not edit it. */
async function assertCanEdit(db: Executor, viewer: Viewer, id: number) {
  const shop = await shopOr404(db, id);
  if (!can.editShop(viewer, await roleOf(db, id, viewer))) throw forbidden();
  return shop;
}

/**
 * Edits the fields sent. A new logo or cover replaces the old one, whose files are removed once
 * the transaction has committed; '' or null removes it.
 */
export async function updateShop(
  { db, dialect, media }: WriteDeps,
  viewer: Viewer,
  id: number,
  body: UpdateShopBody,
  uploads: Uploads = {},
) {
  // Checked before any image is converted, and again under the row lock below.
  await assertCanEdit(db, viewer, id);
  const images = await prepareImages(media, uploads, SHOP_IMAGES);
  const replaced = await media.commit(preparedList(images), () =>
    db.transaction().execute(async (trx) => {
      // Locked so that two edits at once each remove the image they replaced, and so that a
      // deletion running meanwhile is seen (404, and the new files go again).
      await repo.lockShops(trx, dialect, [id]);
      const shop = await assertCanEdit(trx, viewer, id);
      // The personal shop stays personal (DESIGN §6): turning it professional would leave the
      // user without one, and make it deletable.
      if (body.is_professional && !shop.is_professional && (await isPersonalShop(trx, shop))) {
        throw invalid('is_professional', 'personal_shop');
      }
      await assertPcategory(trx, body.pcategory_id);
      const { is_professional, latitude, longitude, logo, cover, ...rest } = body;
      const changes: Parameters<typeof repo.updateShop>[2] = {};
      for (const [key, value] of Object.entries(rest)) {
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }
      if (is_professional !== undefined) changes.is_professional = is_professional ? 1 : 0;
      // A point is both coordinates: setting or clearing one sets or clears the pair.
      if (latitude !== undefined || longitude !== undefined) {
        changes.latitude = latitude ?? null;
        changes.longitude = longitude ?? null;
      }
      const pictures = imageChanges(SHOP_IMAGES, shop, { logo, cover }, images);
      Object.assign(changes, pictures.changes);
      await repo.updateShop(trx, id, changes);
      // Site staff editing a shop they are not in (issue 34 item 4): the fields that changed.
      if (!(await roleOf(trx, id, viewer))) {
        const keys = Object.keys(changes).filter(
          (k) => changes[k as keyof typeof changes] !== shop[k as keyof typeof shop],
        );
        if (keys.length) {
          const pick = (row: object) =>
            Object.fromEntries(keys.map((k) => [k, row[k as keyof typeof row]]));
          await recordAudit(trx, {
            actorId: viewer.id,
            action: 'shop.update',
            targetType: 'shop',
            targetId: id,
            before: pick(shop),
            after: pick(changes),
          });
        }
      }
      return pictures.replaced;
    }),
  );
  await media.removeFiles(replaced);
  return (await getShop(db, id))!;
}

/**
 * Deletes the shop; its products (and all that hangs under them) go by FK cascade, then their
 * stored files. A personal shop goes only with its user.
 */
export async function deleteShop({ db, dialect, media }: WriteDeps, viewer: Viewer, id: number) {
  const names = await db.transaction().execute(async (trx) => {
    await repo.lockShops(trx, dialect, [id]);
    const shop = await shopOr404(trx, id);
    const role = await roleOf(trx, id, viewer);
    if (!can.deleteShop(viewer, role)) throw forbidden();
    if (await isPersonalShop(trx, shop)) throw new HttpError(422, { global: ['personal_shop'] });
    const media = await repo.mediaNamesOfShops(trx, [id]);
    await repo.deleteShops(trx, [id]);
    if (!role) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'shop.delete',
        targetType: 'shop',
        targetId: id,
        before: { name: shop.name },
      });
    }
    return media;
  });
  await media.removeFiles(names);
}

/**
 * The staff, and the pending invitations when the viewer manages the shop's staff (an invitation
 * names a login, which is the inviter's business, not the public's).
 */
export async function listEmployees(db: DB, viewer: Viewer | null, shopId: number) {
  await shopOr404(db, shopId);
  const [employees, viewerRole] = await Promise.all([
    repo.employeesOf(db, shopId),
    roleOf(db, shopId, viewer),
  ]);
  const invitations = can.manageEmployees(viewer, viewerRole)
    ? await invitationsRepo.invitationsOfShop(db, shopId)
    : [];
  return { employees, invitations };
}

/** The logins an invitation to this user may be addressed to: their phone and email. */
async function loginsOf(db: Executor, viewer: Viewer): Promise<string[]> {
  const user = await findUserById(db, viewer.id);
  if (!user) return [];
  return [user.phone_1, user.email].filter((l): l is string => !!l);
}

/**
 * Invites whoever has this phone or email (DESIGN §4, issue 14 item 5). Nothing changes for the
 * invitee until they accept. The answer is the same whether an account has the login, is already
 * on the staff, or none has it (yet): the inviter cannot use it to find out who is registered.
 * Only the owner invites admins.
 */
export async function inviteEmployee(
  db: DB,
  viewer: Viewer,
  shopId: number,
  body: AddEmployeeBody,
) {
  return db.transaction().execute(async (trx) => {
    const shop = await shopOr404(trx, shopId);
    const viewerRole = await roleOf(trx, shopId, viewer);
    if (!can.manageEmployees(viewer, viewerRole)) throw forbidden();
    if (inviteDecision(viewer, viewerRole, body.role) !== 'allowed') throw forbidden();
    const parsed = parseLogin(body.login);
    if (!parsed) throw invalid('login');
    const login = loginKey(parsed);
    await invitationsRepo.upsertInvitation(trx, {
      shopId,
      login,
      role: body.role,
      invitedBy: viewer.id,
    });
    await recordAudit(trx, {
      actorId: viewer.id,
      action: 'employee.invite',
      targetType: 'shop',
      targetId: shopId,
      after: { login, role: body.role },
    });
    // The invitee hears of it (not the inviter's business whether anyone did).
    const invitee = await findUserByLogin(trx, parsed);
    if (invitee && !(await repo.shopRoleOf(trx, shopId, invitee.id))) {
      // Issue 35 item 16: the sentence names the shop (as it was called then).
      await notify(trx, 'shop_invitation', viewer.id, [invitee.id], {
        shop_id: shopId,
        shop_name: shop.name,
      });
    }
    return (await invitationsRepo.findInvitation(trx, shopId, login))!;
  });
}

/** The viewer's pending invitations, newest first. */
export async function myInvitations(db: DB, viewer: Viewer) {
  const logins = await loginsOf(db, viewer);
  return logins.length ? invitationsRepo.invitationsFor(db, logins) : [];
}

/**
 * The invitee accepts: they join with the role offered, and the invitation goes. 404 when the
 * viewer has no invitation from this shop. Someone already on the staff keeps their role.
 */
export async function acceptInvitation(db: DB, viewer: Viewer, shopId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const logins = await loginsOf(trx, viewer);
    const invitation = logins.length
      ? await invitationsRepo.invitationOfShopFor(trx, shopId, logins)
      : undefined;
    if (!invitation) throw notFound();
    // Deleted first: of two accepts at once, only the one that deleted it goes on.
    if (!(await invitationsRepo.deleteInvitationsFor(trx, shopId, logins))) throw notFound();
    if (await repo.shopRoleOf(trx, shopId, viewer.id)) return;
    try {
      await repo.insertEmployee(trx, shopId, viewer.id, invitation.role);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return;
    }
    await recordAudit(trx, {
      actorId: viewer.id,
      action: 'employee.join',
      targetType: 'shop',
      targetId: shopId,
      after: { user_id: viewer.id, role: invitation.role },
    });
  });
}

/** The invitee declines: the invitation goes, nothing else changes. */
export async function declineInvitation(db: DB, viewer: Viewer, shopId: number): Promise<void> {
  const logins = await loginsOf(db, viewer);
  if (!logins.length || !(await invitationsRepo.deleteInvitationsFor(db, shopId, logins)))
    throw notFound();
}

/** A manager withdraws a pending invitation. */
export async function withdrawInvitation(
  db: DB,
  viewer: Viewer,
  shopId: number,
  invitationId: number,
): Promise<void> {
  await shopOr404(db, shopId);
  if (!can.manageEmployees(viewer, await roleOf(db, shopId, viewer))) throw forbidden();
  if (!(await invitationsRepo.deleteInvitation(db, shopId, invitationId))) throw notFound();
}

/** What a staff decision means as an answer. */
function enforceDecision(decision: StaffDecision): void {
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'owner_immutable') throw ownerImmutable();
}

export async function changeEmployeeRole(
  db: DB,
  viewer: Viewer,
  shopId: number,
  userId: number,
  role: AssignableRole,
) {
  return db.transaction().execute(async (trx) => {
    await shopOr404(trx, shopId);
    const viewerRole = await roleOf(trx, shopId, viewer);
    if (!can.manageEmployees(viewer, viewerRole)) throw forbidden();
    const target = await repo.findEmployee(trx, shopId, userId);
    if (!target) throw notFound();
    const member = { id: target.id, role: target.role as ShopRole };
    enforceDecision(roleChangeDecision(viewer, viewerRole, member, role));
    await repo.setEmployeeRole(trx, shopId, userId, role);
    if (target.role !== role) {
      await recordAudit(trx, {
        actorId: viewer.id,
        action: 'employee.role',
        targetType: 'shop',
        targetId: shopId,
        before: { user_id: userId, role: target.role },
        after: { user_id: userId, role },
      });
    }
    return (await repo.findEmployee(trx, shopId, userId))!;
  });
}

/** Managers remove staff (only the owner removes admins); anyone but the owner may leave. */
export async function removeEmployee(db: DB, viewer: Viewer, shopId: number, userId: number) {
  await db.transaction().execute(async (trx) => {
    await shopOr404(trx, shopId);
    const viewerRole = await roleOf(trx, shopId, viewer);
    if (!isLeaving(viewer, viewerRole, userId) && !can.manageEmployees(viewer, viewerRole)) {
      throw forbidden();
    }
    const target = await repo.findEmployee(trx, shopId, userId);
    if (!target) throw notFound();
    const member = { id: target.id, role: target.role as ShopRole };
    enforceDecision(removalDecision(viewer, viewerRole, member));
    await repo.deleteEmployee(trx, shopId, userId);
    await recordAudit(trx, {
      actorId: viewer.id,
      action: 'employee.remove',
      targetType: 'shop',
      targetId: shopId,
      before: { user_id: userId, role: target.role },
    });
  });
}
