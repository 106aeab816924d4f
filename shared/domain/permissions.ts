import type { ShopRole, SiteRole } from '../constants';

// Who may do what: SPEC §6 and DESIGN §6, in one table. The server enforces these; the web app
// uses the same functions to hide controls. `shopRole` is the viewer's role in the shop that owns
// the product (or the shop itself), null when the viewer is not on its staff.

export interface Viewer {
  id: number;
  role: SiteRole;
}
type MaybeViewer = Viewer | null | undefined;
type ShopRoleOf = ShopRole | null | undefined;

const isSiteAdmin = (v: MaybeViewer) => v?.role === 'admin';
const isSiteStaff = (v: MaybeViewer) => v?.role === 'admin' || v?.role === 'moderator';
/**
 * Owner, admin or moderator of the shop: the roles that deal with commands (SPEC §6). The list is
 * also what the server's SQL selects the managers by (commands.repository `shopManagerIds`).
 */
export const SHOP_MANAGER_ROLES = ['owner', 'admin', 'moderator'] as const satisfies ShopRole[];
export const isShopManager = (r: ShopRoleOf) =>
  !!r && (SHOP_MANAGER_ROLES as readonly ShopRole[]).includes(r);
const isShopMember = (r: ShopRoleOf) => !!r;

export const can = {
  /** Save, report, react, comment, reply, command: any signed-in user (SPEC §6). */
  interact: (v: MaybeViewer): v is Viewer => !!v,

  manageCatalog: (v: MaybeViewer) => isSiteStaff(v),
  readFrontendLogs: (v: MaybeViewer) => isSiteStaff(v),

  editComment: (v: MaybeViewer, comment: { user_id: number | null }) =>
    !!v && (isSiteAdmin(v) || v.id === comment.user_id),
  deleteComment: (v: MaybeViewer, comment: { user_id: number | null }) =>
    !!v && (isSiteAdmin(v) || v.id === comment.user_id),

  /** Only while unsold; a site admin or the command's author. */
  editCommand: (v: MaybeViewer, command: { user_id: number | null; sold: boolean }) =>
    !!v && !command.sold && (isSiteAdmin(v) || v.id === command.user_id),
  deleteCommand: (v: MaybeViewer, command: { user_id: number | null; sold: boolean }) =>
    !!v && !command.sold && (isSiteAdmin(v) || v.id === command.user_id),
  replyToCommand: (v: MaybeViewer, command: { user_id: number | null }, shopRole: ShopRoleOf) =>
    !!v && (isSiteAdmin(v) || v.id === command.user_id || isShopManager(shopRole)),
  /** Marking sold is accepting the command (DESIGN §6): the shop's owner, admin or moderator, once. */
  markCommandSold: (v: MaybeViewer, command: { sold: boolean }, shopRole: ShopRoleOf) =>
    !!v && !command.sold && isShopManager(shopRole),
  /** Private commands: their author, the shop's managers and site admins (DESIGN §6). */
  seePrivateCommand: (v: MaybeViewer, command: { user_id: number | null }, shopRole: ShopRoleOf) =>
    !!v && (isSiteAdmin(v) || v.id === command.user_id || isShopManager(shopRole)),

  /**
   * A command's buyer phone and WhatsApp number are for its parties only (issue 14 item 12): its
   * author, any member of the product's shop staff, site admins. Others get them empty.
   */
  seeCommandContact: (v: MaybeViewer, command: { user_id: number | null }, shopRole: ShopRoleOf) =>
    !!v && (isSiteAdmin(v) || v.id === command.user_id || isShopMember(shopRole)),

  /** Any member of the shop posts and edits its offers; deleting needs a manager or site staff. */
  createProduct: (v: MaybeViewer, shopRole: ShopRoleOf) => !!v && isShopMember(shopRole),
  editProduct: (v: MaybeViewer, shopRole: ShopRoleOf) => !!v && isShopMember(shopRole),
  deleteProduct: (v: MaybeViewer, shopRole: ShopRoleOf) =>
    !!v && (isShopManager(shopRole) || isSiteStaff(v)),
  /**
   * Renew, bump, mark sold (issue 32): the shop's managers, or the staff member who posted it
   * (an employee manages their own posts, not the others').
   */
  manageListing: (v: MaybeViewer, shopRole: ShopRoleOf, product: { user_id: number | null }) =>
    !!v && (isShopManager(shopRole) || (isShopMember(shopRole) && v.id === product.user_id)),
  /** Report and order are for outsiders: hidden from (and refused to) the shop's own staff. */
  reportProduct: (v: MaybeViewer, shopRole: ShopRoleOf) => !!v && !isShopMember(shopRole),
  commandProduct: (v: MaybeViewer, shopRole: ShopRoleOf) => !!v && !isShopMember(shopRole),
  /** A comment or a command (issue 19): any signed-in user who sees it, but not its author. */
  reportItem: (v: MaybeViewer, item: { user_id: number | null }) => !!v && v.id !== item.user_id,

  editShop: (v: MaybeViewer, shopRole: ShopRoleOf) =>
    !!v && (shopRole === 'owner' || shopRole === 'admin' || isSiteAdmin(v)),
  deleteShop: (v: MaybeViewer, shopRole: ShopRoleOf) =>
    !!v && (shopRole === 'owner' || isSiteAdmin(v)),
  manageEmployees: (v: MaybeViewer, shopRole: ShopRoleOf) =>
    !!v && (shopRole === 'owner' || shopRole === 'admin'),
  /** Only the owner makes (or unmakes) shop admins. */
  grantShopAdmin: (v: MaybeViewer, shopRole: ShopRoleOf) => !!v && shopRole === 'owner',
  /** Anyone on the staff may leave the shop, except its owner (who can neither be removed). */
  leaveShop: (v: MaybeViewer, shopRole: ShopRoleOf) =>
    !!v && isShopMember(shopRole) && shopRole !== 'owner',

  /** A shop's insights (issue 19 item 6): its own staff, whatever their role; nobody else. */
  seeShopInsights: (v: MaybeViewer, shopRole: ShopRoleOf) => !!v && isShopMember(shopRole),

  deleteUser: (v: MaybeViewer, userId: number) => !!v && (isSiteAdmin(v) || v.id === userId),
  editUser: (v: MaybeViewer, userId: number) => !!v && (isSiteAdmin(v) || v.id === userId),

  /** Trust and safety (issue 19): the moderation queue, its actions and the audit log. */
  moderate: (v: MaybeViewer) => isSiteStaff(v),
  /**
   * An item that is not `visible` (held, hidden, banned): its author and site staff see it (an
   * offer's shop staff too, which the caller checks: it needs the shop role).
   */
  seeModerated: (v: MaybeViewer, item: { user_id: number | null }) =>
    !!v && (isSiteStaff(v) || v.id === item.user_id),
  /** Moderators ban users; admins also moderators; nobody bans an admin or themselves. */
  banUser: (v: MaybeViewer, target: { id: number; role: SiteRole }) =>
    !!v &&
    v.id !== target.id &&
    (target.role === 'user' ? isSiteStaff(v) : target.role === 'moderator' && isSiteAdmin(v)),
  /** The audit trail of staff actions (issue 34 item 4): site admins only, not moderators. */
  readAudit: (v: MaybeViewer) => isSiteAdmin(v),
};
