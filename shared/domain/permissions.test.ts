import { describe, expect, it } from 'vitest';
import { SHOP_ROLES } from '../constants';
import { can, isShopManager, SHOP_MANAGER_ROLES } from './permissions';

const user = { id: 1, role: 'user' as const };
const other = { id: 2, role: 'user' as const };
const admin = { id: 3, role: 'admin' as const };
const moderator = { id: 4, role: 'moderator' as const };

describe('permissions (SPEC §6)', () => {
  it('lets only signed-in users interact', () => {
    expect(can.interact(null)).toBe(false);
    expect(can.interact(user)).toBe(true);
  });

  it('keeps the catalogue to site admins and moderators', () => {
    expect([null, user, admin, moderator].map((v) => can.manageCatalog(v))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('lets a command be edited only while unsold, by its author or a site admin', () => {
    const command = { user_id: 1, sold: false };
    expect(can.editCommand(user, command)).toBe(true);
    expect(can.editCommand(other, command)).toBe(false);
    expect(can.editCommand(moderator, command)).toBe(false);
    expect(can.editCommand(admin, command)).toBe(true);
    expect(can.editCommand(user, { ...command, sold: true })).toBe(false);
    expect(can.deleteCommand(admin, { ...command, sold: true })).toBe(false);
  });

  it('lets the shop owner, admin or moderator mark a command sold, once', () => {
    const command = { user_id: 1, sold: false };
    expect(can.markCommandSold(other, command, 'owner')).toBe(true);
    expect(can.markCommandSold(other, command, 'moderator')).toBe(true);
    expect(can.markCommandSold(other, command, 'employee')).toBe(false);
    expect(can.markCommandSold(admin, command, null)).toBe(false);
    expect(can.markCommandSold(other, { ...command, sold: true }, 'owner')).toBe(false);
  });

  it('lets the author, the shop managers and site admins reply to a command', () => {
    const command = { user_id: 1 };
    expect(can.replyToCommand(user, command, null)).toBe(true);
    expect(can.replyToCommand(other, command, null)).toBe(false);
    expect(can.replyToCommand(other, command, 'admin')).toBe(true);
    expect(can.replyToCommand(other, command, 'employee')).toBe(false);
    expect(can.replyToCommand(admin, command, null)).toBe(true);
  });

  it('lets a comment be edited by its author or a site admin only', () => {
    expect(can.editComment(user, { user_id: 1 })).toBe(true);
    expect(can.editComment(other, { user_id: 1 })).toBe(false);
    expect(can.deleteComment(admin, { user_id: 1 })).toBe(true);
    expect(can.deleteComment(moderator, { user_id: 1 })).toBe(false);
  });

  it('refuses report and order to the shop staff', () => {
    expect(can.reportProduct(user, null)).toBe(true);
    expect(can.reportProduct(user, 'employee')).toBe(false);
    expect(can.commandProduct(user, 'owner')).toBe(false);
    expect(can.commandProduct(null, null)).toBe(false);
  });

  it('lets anyone signed in report a comment or command but its author', () => {
    expect(can.reportItem(other, { user_id: 1 })).toBe(true);
    expect(can.reportItem(user, { user_id: 1 })).toBe(false);
    expect(can.reportItem(null, { user_id: 1 })).toBe(false);
  });

  it('keeps shop management to its owner and admins, and admin-making to the owner', () => {
    expect(can.manageEmployees(user, 'admin')).toBe(true);
    expect(can.manageEmployees(user, 'moderator')).toBe(false);
    expect(can.grantShopAdmin(user, 'admin')).toBe(false);
    expect(can.grantShopAdmin(user, 'owner')).toBe(true);
    expect(can.deleteShop(admin, null)).toBe(true);
    expect(can.deleteShop(user, 'admin')).toBe(false);
  });

  it('lets any staff member but the owner leave a shop', () => {
    expect(can.leaveShop(user, 'employee')).toBe(true);
    expect(can.leaveShop(user, 'moderator')).toBe(true);
    expect(can.leaveShop(user, 'admin')).toBe(true);
    expect(can.leaveShop(user, 'owner')).toBe(false);
    expect(can.leaveShop(user, null)).toBe(false);
    expect(can.leaveShop(null, 'employee')).toBe(false);
  });

  it('lets users delete only themselves, and site admins anyone', () => {
    expect(can.deleteUser(user, 1)).toBe(true);
    expect(can.deleteUser(user, 2)).toBe(false);
    expect(can.deleteUser(admin, 2)).toBe(true);
  });

  // Issue 33 item 2: the role checks that lived outside `can`.
  it('shows an item under moderation to its author and site staff only', () => {
    const item = { user_id: 1 };
    expect([null, user, other, admin, moderator].map((v) => can.seeModerated(v, item))).toEqual([
      false,
      true,
      false,
      true,
      true,
    ]);
    expect(can.seeModerated(user, { user_id: null })).toBe(false);
  });

  it('shows a command’s contact to its author, any shop staff and site admins', () => {
    const command = { user_id: 1 };
    expect(can.seeCommandContact(user, command, null)).toBe(true);
    expect(can.seeCommandContact(other, command, null)).toBe(false);
    expect(can.seeCommandContact(moderator, command, null)).toBe(false);
    expect(can.seeCommandContact(admin, command, null)).toBe(true);
    for (const role of SHOP_ROLES) expect(can.seeCommandContact(other, command, role)).toBe(true);
    expect(can.seeCommandContact(null, command, 'owner')).toBe(false);
  });

  it('names the shop managers once: the list the SQL selects is the rule', () => {
    expect(SHOP_ROLES.filter(isShopManager)).toEqual([...SHOP_MANAGER_ROLES]);
    expect(isShopManager('employee')).toBe(false);
    expect(isShopManager(null)).toBe(false);
  });
});
