import { describe, expect, it } from 'vitest';
import type { ShopRole } from '../constants';
import type { Viewer } from './permissions';
import {
  grantableRoles,
  inviteDecision,
  memberActions,
  removalDecision,
  roleChangeDecision,
  roleIn,
} from './employees';

// The staff rules the server enforces and the web shows (docs/shops-users.md, "Employees").

const viewer: Viewer = { id: 1, role: 'user' };
const siteAdmin: Viewer = { id: 1, role: 'admin' };
const member = (id: number, role: ShopRole) => ({ id, role });

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
      id: m.id,
      pivot: { role: m.role },
    }));
    expect(roleIn(staff, viewer)).toBe('moderator');
    expect(roleIn(staff, { id: 5, role: 'user' })).toBeNull();
    expect(roleIn(staff, null)).toBeNull();
  });
});

describe('decisions the server enforces', () => {
  it('invites with a role the viewer may grant only', () => {
    expect(inviteDecision(viewer, 'owner', 'admin')).toBe('allowed');
    expect(inviteDecision(viewer, 'admin', 'admin')).toBe('forbidden');
    expect(inviteDecision(viewer, 'admin', 'employee')).toBe('allowed');
    expect(inviteDecision(viewer, 'moderator', 'employee')).toBe('forbidden');
    expect(inviteDecision(siteAdmin, null, 'employee')).toBe('forbidden');
  });

  it('keeps the owner, and admins for the owner', () => {
    expect(roleChangeDecision(viewer, 'owner', member(9, 'owner'), 'admin')).toBe(
      'owner_immutable',
    );
    expect(roleChangeDecision(viewer, 'admin', member(9, 'admin'), 'employee')).toBe('forbidden');
    expect(roleChangeDecision(viewer, 'admin', member(9, 'employee'), 'admin')).toBe('forbidden');
    expect(roleChangeDecision(viewer, 'owner', member(9, 'admin'), 'employee')).toBe('allowed');
    expect(roleChangeDecision(viewer, 'employee', member(9, 'owner'), 'admin')).toBe('forbidden');
  });

  it('lets members leave, managers remove, and nobody remove the owner', () => {
    expect(removalDecision(viewer, 'employee', member(1, 'employee'))).toBe('allowed');
    expect(removalDecision(viewer, 'admin', member(1, 'admin'))).toBe('allowed');
    expect(removalDecision(viewer, 'owner', member(1, 'owner'))).toBe('owner_immutable');
    expect(removalDecision(viewer, 'admin', member(9, 'owner'))).toBe('owner_immutable');
    expect(removalDecision(viewer, 'admin', member(9, 'admin'))).toBe('forbidden');
    expect(removalDecision(viewer, 'owner', member(9, 'admin'))).toBe('allowed');
    expect(removalDecision(viewer, 'employee', member(9, 'moderator'))).toBe('forbidden');
    expect(removalDecision(null, null, member(9, 'employee'))).toBe('forbidden');
  });
});
