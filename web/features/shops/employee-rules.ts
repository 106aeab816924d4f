import { SHOP_ROLES, type ShopRole } from '../../../shared/constants';
import { can, type Viewer } from '../../../shared/domain/permissions';
import type { ShopEmployee } from '../../../shared/schemas/shops';
import type { AssignableRole } from './api/shops';

// What the staff list offers the viewer for each member: the server's rules (docs/shops-users.md,
// "Employees") read through `can.*`, so nothing is shown that the server would refuse.
//   - Only the owner and the shop's admins manage staff; only the owner makes or unmakes admins.
//   - The owner can be neither removed nor demoted.
//   - Anyone on the staff but the owner may leave.

type MaybeViewer = Viewer | null | undefined;

/**
 * ASSIGNABLE_SHOP_ROLES of shared/schemas/shops.ts, without importing it: a schema module brings
 * zod into the shop page's chunk, which every visitor loads (a test keeps the two equal).
 */
export const ASSIGNABLE_ROLES = SHOP_ROLES.filter(
  (role): role is AssignableRole => role !== 'owner',
);

export interface MemberActions {
  /** Roles the viewer may give this member (empty: the role cannot be changed). */
  roles: AssignableRole[];
  remove: boolean;
  /** The member is the viewer, and may leave the shop. */
  leave: boolean;
}

const NONE: MemberActions = { roles: [], remove: false, leave: false };

/** The viewer's role in the shop, from its staff list. */
export function roleIn(employees: ShopEmployee[], viewer: MaybeViewer): ShopRole | null {
  if (!viewer) return null;
  return employees.find((member) => member.id === viewer.id)?.pivot.role ?? null;
}

/** Roles the viewer may hand out: admin only for the owner; nothing for non-managers. */
export function grantableRoles(viewer: MaybeViewer, viewerRole: ShopRole | null): AssignableRole[] {
  if (!can.manageEmployees(viewer, viewerRole)) return [];
  return ASSIGNABLE_ROLES.filter(
    (role) => role !== 'admin' || can.grantShopAdmin(viewer, viewerRole),
  );
}

export function memberActions(
  viewer: MaybeViewer,
  viewerRole: ShopRole | null,
  member: Pick<ShopEmployee, 'id' | 'pivot'>,
): MemberActions {
  const role = member.pivot.role;
  if (role === 'owner') return NONE;
  if (viewer && member.id === viewer.id) {
    // Your own role is not yours to change (an admin would unmake an admin); leaving is.
    return { ...NONE, leave: can.leaveShop(viewer, viewerRole) };
  }
  const roles = grantableRoles(viewer, viewerRole);
  if (!roles.length) return NONE;
  // Another admin is the owner's to change or remove.
  if (role === 'admin' && !can.grantShopAdmin(viewer, viewerRole)) return NONE;
  return { roles, remove: true, leave: false };
}
