import { ratingSummary } from './ratings';
import { idParam, paginationOf, yesNoBoolean, z } from './common';
import { SHOP_ROLES } from '../constants';
import { ASSIGNABLE_SHOP_ROLES } from '../domain/employees';
import { clearImage, optionalPhoneInput } from './users';

// Shops of SPEC §3 and their staff (DESIGN §4). Bodies arrive as JSON or as multipart form fields
// (with the logo and cover files), so numbers and flags also accept their text forms.

const empty = z.literal('').transform(() => null);

/** Free text: trimmed; blank means none. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => s || null)
    .nullish();

const numberText = /^-?\d+(\.\d+)?$/;
const coordinate = (limit: number) => {
  const inRange = z.number().min(-limit).max(limit);
  return z
    .union([empty, inRange, z.string().trim().regex(numberText).transform(Number).pipe(inRange)])
    .nullish();
};

const positiveId = z.number().int().positive().max(2_147_483_647);
const optionalId = z
  .union([empty, positiveId, z.string().regex(/^\d+$/).transform(Number).pipe(positiveId)])
  .nullish();

/** SPEC's is_professional: 'yes'/'no' or a boolean (or its text form) in, a boolean out. */
export { yesNoBoolean };

const shopName = z.string().trim().min(1, 'required').max(100);

const shopFields = {
  name: shopName,
  description: text(2000),
  phone_1: optionalPhoneInput,
  phone_2: optionalPhoneInput,
  first_whatsapp_number: optionalPhoneInput,
  second_whatsapp_number: optionalPhoneInput,
  email: z.union([empty, z.email().max(200).toLowerCase()]).nullish(),
  more_infos: text(2000),
  is_professional: yesNoBoolean.optional(),
  latitude: coordinate(90),
  longitude: coordinate(180),
  pcategory_id: optionalId,
  /** Text '' or null removes the image; a new one comes as a file (see SHOP_IMAGES). */
  logo: clearImage,
  cover: clearImage,
};

/** The files a shop form may carry, one image each (multipart). */
export const SHOP_IMAGES = ['logo', 'cover'] as const;

/** A point needs both coordinates: one without the other is refused under the missing one. */
function coordinatesTogether(
  b: { latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
) {
  const has = (v: number | null | undefined) => v !== undefined && v !== null;
  if (has(b.latitude) && !has(b.longitude))
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'required' });
  if (has(b.longitude) && !has(b.latitude))
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'required' });
}

export const createShopBody = z.object(shopFields).superRefine(coordinatesTogether);
export type CreateShopBody = z.infer<typeof createShopBody>;

/** Edit: absent fields stay as they are; null or '' clears an optional one. */
export const updateShopBody = z
  .object({ ...shopFields, name: shopName.optional() })
  .superRefine(coordinatesTogether);
export type UpdateShopBody = z.infer<typeof updateShopBody>;

/** Roles the API hands out (shared/domain/employees.ts, their one home). */
export { ASSIGNABLE_SHOP_ROLES };
const assignableRole = z.enum(ASSIGNABLE_SHOP_ROLES);

export const addEmployeeBody = z.object({
  /** The new employee's phone or email. */
  login: z.string().trim().min(1, 'required').max(200),
  role: assignableRole,
});
export type AddEmployeeBody = z.infer<typeof addEmployeeBody>;

export const employeeRoleBody = z.object({ role: assignableRole });

export const employeeParams = z.object({ id: idParam.shape.id, userId: idParam.shape.id });
export const invitationParams = z.object({
  id: idParam.shape.id,
  invitationId: idParam.shape.id,
});

export const shopEmployee = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  photo_url: z.string().nullable(),
  photo_small_url: z.string().nullable(),
  pivot: z.object({ role: z.enum(SHOP_ROLES) }),
});
export type ShopEmployee = z.infer<typeof shopEmployee>;

/**
 * A pending staff invitation as the shop's managers see it (docs/shops-users.md, "Invitations"):
 * the login they typed, the role offered, `pivot.status` 'invited'. It says nothing of whether an
 * account has that login: the inviter gets the same answer either way.
 */
export const shopInvitation = z.object({
  id: z.number().int(),
  login: z.string(),
  created_at: z.string(),
  pivot: z.object({ role: assignableRole, status: z.literal('invited') }),
});
export type ShopInvitation = z.infer<typeof shopInvitation>;

/** POST /shops/{id}/employees: 201, the invitation (DESIGN §4: `employee`, status invited). */
export const invitationResponse = z.object({ employee: shopInvitation });

/** GET /shops/{id}/employees: the staff; pending invitations only for the shop's managers. */
export const employeesResponse = z.object({
  employees: z.array(shopEmployee),
  invitations: z.array(shopInvitation),
});

/** An invitation as its invitee sees it (GET /shops/invitations). */
export const myInvitation = z.object({
  id: z.number().int(),
  role: assignableRole,
  created_at: z.string(),
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    logo_url: z.string().nullable(),
    logo_small_url: z.string().nullable(),
  }),
});
export type MyInvitation = z.infer<typeof myInvitation>;
export const myInvitationsResponse = z.object({ invitations: z.array(myInvitation) });

/** A shop as lists show it (GET /shops/paginate/all/0). */
export const shopSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The stored image names, and their /media/ urls: the original and the small variant. */
  logo: z.string().nullable(),
  logo_url: z.string().nullable(),
  logo_small_url: z.string().nullable(),
  cover: z.string().nullable(),
  cover_url: z.string().nullable(),
  cover_small_url: z.string().nullable(),
  description: z.string().nullable(),
  phone_1: z.string().nullable(),
  phone_2: z.string().nullable(),
  first_whatsapp_number: z.string().nullable(),
  second_whatsapp_number: z.string().nullable(),
  /**
   * Issue 29 item 2 (added): whether the shop has any number. Lists and the shop's own answer give
   * the numbers null to all but its staff and site staff; GET /shops/{id}/phone gives them on tap.
   */
  has_phone: z.boolean(),
  email: z.string().nullable(),
  more_infos: z.string().nullable(),
  is_professional: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  pcategory_id: z.number().int().nullable(),
  pcategory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  offers_count: z.number().int(),
  demands_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Issue 21: the owner's phone_verified_at when the shop's phone_1 is the owner's verified number. */
  phone_verified_at: z.string().nullish(),
  /** Issue 32 item 5: the buyers' average stars (one decimal, null when unrated) and count. */
  ...ratingSummary.shape,
});
export type ShopSummary = z.infer<typeof shopSummary>;

/** A shop with its staff (GET /shops/shop/{id} and the answers of create and edit). */
export const shop = shopSummary.extend({ employees: z.array(shopEmployee) });
export type Shop = z.infer<typeof shop>;

export const shopResponse = z.object({ shop });
export const shopsPageResponse = z.object({ shops: paginationOf(shopSummary) });
export const employeeResponse = z.object({ employee: shopEmployee });
