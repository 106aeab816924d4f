// The audit trail (issue 34 item 4; docs/operations.md "Audit trail"): what staff did, one name
// per kind of action. Site admins read it (shared/domain/permissions.ts `readAudit`); the server
// writes one row in the transaction of each action (server/features/admin/audit.service.ts).

export const AUDIT_ACTIONS = [
  // The moderation queue (issue 19): an offer, comment or command hidden, restored, deleted.
  'moderation.hide',
  'moderation.restore',
  'moderation.delete',
  'moderation.dismiss',
  // Accounts, by site staff.
  'user.ban',
  'user.unban',
  'user.update',
  'user.delete',
  // The catalogue (SPEC §6: site admins and moderators).
  'pcategory.create',
  'pcategory.update',
  'pcategory.delete',
  'psubcategory.create',
  'psubcategory.update',
  'psubcategory.delete',
  'pfield.create',
  'pfield.update',
  'pfield.delete',
  // A shop's staff (its owner and admins; the invitee joining).
  'employee.invite',
  'employee.join',
  'employee.role',
  'employee.remove',
  // Others' offers, comments, commands and shops changed by site staff through the ordinary
  // routes (not the moderation queue): the staff's power over what people wrote.
  'product.delete',
  'comment.update',
  'comment.delete',
  'command.update',
  'command.delete',
  'shop.update',
  'shop.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'product',
  'comment',
  'command',
  'rating',
  'user',
  'pcategory',
  'psubcategory',
  'pfield',
  'shop',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
