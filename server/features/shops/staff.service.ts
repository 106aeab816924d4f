import type { DB, Executor } from '../../db/types';
import { isUniqueViolation } from '../../db/errors';
import { forbidden, HttpError, invalid, notFound } from '../../errors';
import { can, type Viewer } from '../../../shared/domain/permissions';
import { loginKey, parseLogin } from '../../../shared/domain/login';
import type { ShopRole } from '../../../shared/constants';
import type { AddEmployeeBody } from '../../../shared/schemas/shops';
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
import * as repo from './shops.repository';
import * as invitationsRepo from './invitations.repository';
import { recordAudit } from '../admin/audit.service';
import { roleOf, shopOr404 } from './shops.service';

// A shop's staff (DESIGN §4, issue 14 item 5): the list, invitations and their answers, role
// changes and departures, each audited (issue 34 item 4). The shop itself: shops.service.ts.

const ownerImmutable = () => new HttpError(422, { global: ['owner_immutable'] });

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
