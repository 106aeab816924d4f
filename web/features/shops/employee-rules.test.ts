import { describe, expect, it } from 'vitest';
import type { ShopRole } from '../../../shared/constants';
import type { Viewer } from '../../../shared/domain/permissions';
import { ASSIGNABLE_SHOP_ROLES } from '../../../shared/schemas/shops';
import { ASSIGNABLE_ROLES, grantableRoles, memberActions, roleIn } from './employee-rules';

it('hands out the roles the API accepts', () => {
  expect(ASSIGNABLE_ROLES).toEqual([...ASSIGNABLE_SHOP_ROLES]);
});

const viewer: Viewer = { id: 1, role: 'user' };
const siteAdmin: Viewer = { id: 1, role: 'admin' };
const member = (id: number, role: ShopRole) => ({ id, pivot: { role } });

describe('grantableRoles', () => {
  it('gives every role to the owner, all but admin to a shop admin, none to others', () => {
    expect(grantableRoles(viewer, 'owner')).toEqual(['admin', 'moderator', 'employee']);
    expect(grantableRoles(viewer, 'admin')).toEqual(['moderator', 'employee']);
    for (const role of ['moderator', 'employee', null] as const) {
      expect(grantableRoles(viewer, role)).toEqual([]);
    }
    expect(grantableRoles(null, 'owner')).toEqual([]);
    // Site admins have no power over a shop's staff (docs/shops-users.md).
    expect(grantableRoles(siteAdmin, null)).toEqual([]);
  });
});

describe('memberActions', () => {
  it('never lets anyone remove or demote the owner', () => {
    for (const role of ['owner', 'admin', 'moderator', 'employee', null] as const) {
      expect(memberActions(viewer, role, member(9, 'owner'))).toEqual({
        roles: [],
        remove: false,
        leave: false,
      });
    }
    // Not even the owner themself: they cannot leave either.
    expect(memberActions(viewer, 'owner', member(1, 'owner'))).toMatchObject({ leave: false });
  });

  it('lets the owner change and remove admins, moderators and employees', () => {
    for (const role of ['admin', 'moderator', 'employee'] as const) {
      expect(memberActions(viewer, 'owner', member(9, role))).toEqual({
        roles: ['admin', 'moderator', 'employee'],
        remove: true,
        leave: false,
      });
    }
  });

  it('lets a shop admin manage moderators and employees, never another admin', () => {
    expect(memberActions(viewer, 'admin', member(9, 'employee'))).toEqual({
      roles: ['moderator', 'employee'],
      remove: true,
      leave: false,
    });
    expect(memberActions(viewer, 'admin', member(9, 'moderator')).remove).toBe(true);
    expect(memberActions(viewer, 'admin', member(9, 'admin'))).toEqual({
      roles: [],
      remove: false,
      leave: false,
    });
  });

  it('gives moderators, employees, outsiders, anonymous and site admins nothing to manage', () => {
    for (const [who, role] of [
      [viewer, 'moderator'],
      [viewer, 'employee'],
      [viewer, null],
      [null, null],
      [siteAdmin, null],
    ] as const) {
      expect(memberActions(who, role, member(9, 'employee'))).toEqual({
        roles: [],
        remove: false,
        leave: false,
      });
    }
  });

  it('lets every member but the owner leave, and nobody change their own role', () => {
    for (const role of ['admin', 'moderator', 'employee'] as const) {
      expect(memberActions(viewer, role, member(1, role))).toEqual({
        roles: [],
        remove: false,
        leave: true,
      });
    }
  });
});

describe('roleIn', () => {
  it("finds the viewer's role in the staff list", () => {
    const staff = [member(3, 'owner'), member(1, 'moderator')].map((m) => ({
      ...m,
      first_name: 'A',
      last_name: 'B',
      photo: null,
      photo_url: null,
      photo_small_url: null,
    }));
    expect(roleIn(staff, viewer)).toBe('moderator');
    expect(roleIn(staff, { id: 5, role: 'user' })).toBeNull();
    expect(roleIn(staff, null)).toBeNull();
  });
});
