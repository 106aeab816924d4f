import type { ShopRole } from '../constants';
import { can, type Viewer } from './permissions';

// A shop's staff rules (docs/shops-users.md, "Employees"), once, for the server (which enforces
// them) and the web (which shows only what the server would allow). Pure; no zod, so the shop
// page's chunk stays small.
//   - Only the owner and the shop's admins manage staff; only the owner makes or unmakes admins.
//   - The owner can be neither removed nor demoted.
//   - Anyone on the staff but the owner may leave.

type MaybeViewer = Viewer | null | undefined;
type RoleOf = ShopRole | null | undefined;

/** Roles the API hands out: 'owner' comes only with creating the shop (or registering). */
export const ASSIGNABLE_SHOP_ROLES = ['admin', 'moderator', 'employee'] as const;
export type AssignableRole = (typeof ASSIGNABLE_SHOP_ROLES)[number];

/** A member of the staff: their user id and role. */
export interface StaffMember {
  id: number;
  role: ShopRole;
}

/** What the server answers a staff change: done, 403, or 422 owner_immutable. */
export type StaffDecision = 'allowed' | 'forbidden' | 'owner_immutable';

/** Roles the viewer may hand out (invite with, or change to): admin only for the owner. */
export function grantableRoles(viewer: MaybeViewer, viewerRole: RoleOf): AssignableRole[] {
  if (!can.manageEmployees(viewer, viewerRole)) return [];
  return ASSIGNABLE_SHOP_ROLES.filter(
    (role) => role !== 'admin' || can.grantShopAdmin(viewer, viewerRole),
  );
}

/** Inviting someone with `role`. */
export function inviteDecision(
  viewer: MaybeViewer,
  viewerRole: RoleOf,
  role: AssignableRole,
): StaffDecision {
  return grantableRoles(viewer, viewerRole).includes(role) ? 'allowed' : 'forbidden';
}

/** Giving `target` the role `role`. Another admin is the owner's to change. */
export function roleChangeDecision(
  viewer: MaybeViewer,
  viewerRole: RoleOf,
  target: StaffMember,
  role: AssignableRole,
): StaffDecision {
  if (!can.manageEmployees(viewer, viewerRole)) return 'forbidden';
  if (target.role === 'owner') return 'owner_immutable';
  if ((role === 'admin' || target.role === 'admin') && !can.grantShopAdmin(viewer, viewerRole)) {
    return 'forbidden';
  }
  return 'allowed';
}

/** Whether the viewer leaves the shop by removing `targetId` (themself). */
export function isLeaving(viewer: MaybeViewer, viewerRole: RoleOf, targetId: number): boolean {
  return !!viewer && viewer.id === targetId && can.leaveShop(viewer, viewerRole);
}

/** Removing `target` from the staff, or leaving when the target is the viewer. */
export function removalDecision(
  viewer: MaybeViewer,
  viewerRole: RoleOf,
  target: StaffMember,
): StaffDecision {
  const leaving = isLeaving(viewer, viewerRole, target.id);
  if (!leaving && !can.manageEmployees(viewer, viewerRole)) return 'forbidden';
  if (target.role === 'owner') return 'owner_immutable';
  if (!leaving && target.role === 'admin' && !can.grantShopAdmin(viewer, viewerRole)) {
    return 'forbidden';
  }
  return 'allowed';
}

export interface MemberActions {
  /** Roles the viewer may give this member (empty: the role cannot be changed). */
  roles: AssignableRole[];
  remove: boolean;
  /** The member is the viewer, and may leave the shop. */
  leave: boolean;
}

/** The controls the staff list offers the viewer for one member. */
export function memberActions(
  viewer: MaybeViewer,
  viewerRole: RoleOf,
  member: StaffMember,
): MemberActions {
  if (viewer && member.id === viewer.id) {
    // Your own role is not yours to change (an admin would unmake an admin); leaving is.
    return { roles: [], remove: false, leave: isLeaving(viewer, viewerRole, member.id) };
  }
  const roles = grantableRoles(viewer, viewerRole).filter(
    (role) => roleChangeDecision(viewer, viewerRole, member, role) === 'allowed',
  );
  const remove = removalDecision(viewer, viewerRole, member) === 'allowed';
  // A member whose role cannot change (another admin, to a shop admin) cannot be removed either.
  return roles.length && remove
    ? { roles, remove, leave: false }
    : { roles: [], remove: false, leave: false };
}

/** The viewer's role in the shop, from its staff list (as the API answers it). */
export function roleIn(
  employees: { id: number; pivot: { role: ShopRole } }[],
  viewer: MaybeViewer,
): ShopRole | null {
  if (!viewer) return null;
  return employees.find((member) => member.id === viewer.id)?.pivot.role ?? null;
}
