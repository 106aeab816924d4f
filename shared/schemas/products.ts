import { paginationOf, z, yesNo } from './common';
import { moderationState } from './trust';
import { FIELD_TYPES, MY_PRODUCT_STATUSES, PRODUCT_TYPES, REACTION_KINDS } from '../constants';
import { ALL_OFFER_TYPES } from '../domain/products';
import { numericInput } from '../domain/numbers';
import { reactionCountsSchema } from './reactions';
import { shopEmployee } from './shops';

// Offers and demands (SPEC §3, DESIGN §4). Forms arrive as multipart (every value a string) or
// JSON, so numbers are read from numeric strings too, and an empty string clears a value.

export const CONTACT_METHODS = ['call', 'whatsapp', 'facebook', 'mail'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];
export { ALL_OFFER_TYPES, offerTypesOf, unitOf, type OfferType } from '../domain/products';

export const MAX_NAME_LENGTH = 200;
export const MAX_TEXT_LENGTH = 5000;
/** Fits PostgreSQL's integer column. */
export const MAX_PRICE = 2_000_000_000;
export const MAX_NUMBER = 1_000_000;
export const MAX_DISTANCE_KM = 20_000;

/** Typed numbers in any of the digits and separators people use (issue 35 item 3). */
const numeric = numericInput;
/** A value that may be cleared: '' and null give null, missing stays missing. */
const clearable = (v: unknown) => (v === '' || v === null ? null : numeric(v));

const int = (min: number, max: number) =>
  z.preprocess(clearable, z.number().int().min(min).max(max).nullable()).optional();
const coordinate = (limit: number) =>
  z.preprocess(clearable, z.number().min(-limit).max(limit).nullable()).optional();
const text = (max: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : v),
      z.string().max(max).nullable(),
    )
    .optional();
const id = z.preprocess(
  (v) => (v === '' || v === null ? undefined : numeric(v)),
  z.number().int().positive().max(2_147_483_647),
);

/** A list sent as a JSON array, as `a,b`, as a repeated form field, or as an array. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s);
      } catch {
        return v;
      }
    }
    return s === '' ? [] : s.split(',').map((x) => x.trim());
  }, z.array(item));
}

const productFields = z.object({
  name: z.string().trim().min(1, 'required').max(MAX_NAME_LENGTH),
  name_ar: text(MAX_NAME_LENGTH),
  name_fr: text(MAX_NAME_LENGTH),
  more_infos_ar: text(MAX_TEXT_LENGTH),
  more_infos_fr: text(MAX_TEXT_LENGTH),
  description: text(MAX_TEXT_LENGTH),
  price: int(0, MAX_PRICE),
  offer_type: z.enum(ALL_OFFER_TYPES).optional(),
  negotiable: yesNo.optional(),
  used: yesNo.optional(),
  delivery: yesNo.optional(),
  private: yesNo.optional(),
  number: int(0, MAX_NUMBER),
  latitude: coordinate(90),
  longitude: coordinate(180),
  /** A demand's maximum distance, in km. */
  distance: int(1, MAX_DISTANCE_KM),
  contact_methods: listOf(z.enum(CONTACT_METHODS))
    .transform((list) => [...new Set(list)])
    .optional(),
  psubcategory_id: id,
  shop_id: id.optional(),
});

/** Latitude and longitude go together: one without the other is an error on the missing one. */
function bothCoordinates(
  body: { latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
) {
  const hasLat = body.latitude !== undefined && body.latitude !== null;
  const hasLng = body.longitude !== undefined && body.longitude !== null;
  if (hasLat && !hasLng) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'required' });
  if (hasLng && !hasLat) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'required' });
}

/** POST /products/create/{type}; `files` and `pfield_{id}` are read beside it. */
export const createProductBody = productFields.superRefine(bothCoordinates);
export type CreateProductBody = z.infer<typeof createProductBody>;

/** PUT /products/{id}: what is sent changes, what is not stays; `removed_files` are pfile ids. */
export const updateProductBody = productFields
  .omit({ shop_id: true })
  .partial()
  .extend({ removed_files: listOf(id).optional() })
  .superRefine(bothCoordinates);
export type UpdateProductBody = z.infer<typeof updateProductBody>;

export const productTypeParam = z.object({ type: z.enum(PRODUCT_TYPES) });

export const favoritesBody = z.object({
  page: z.preprocess(numeric, z.number().int().min(1)).default(1),
  type: z.enum(PRODUCT_TYPES).default('offer'),
});

/** `pfield_{id}` keys of a form, with their raw values. */
export { PFIELD_KEY } from '../domain/pfield-values';

// ---- Answers -------------------------------------------------------------------------------

const integer = z.number().int();
const nullableText = z.string().nullable();
const unitSchema = z.enum(['month', 'hour']).nullable();

/**
 * Pixel sizes (issue 16 item 4) of the original image and its small variant (a video's poster):
 * `srcset` width descriptors and `width`/`height` attributes. Null when unknown (a file whose sizes
 * could not be read); the server always sends them, optional so that older objects still parse.
 */
const imageSizes = {
  width: integer.nullable().optional(),
  height: integer.nullable().optional(),
  small_width: integer.nullable().optional(),
  small_height: integer.nullable().optional(),
};

export const pfileSchema = z.object({
  id: integer,
  type: z.enum(['image', 'video']),
  name: z.string(),
  extension: z.string(),
  url: z.string(),
  small_url: z.string(),
  /** A video's poster image (original and small WebP); null for an image. */
  poster_url: nullableText,
  poster_small_url: nullableText,
  ...imageSizes,
});
export type Pfile = z.infer<typeof pfileSchema>;

export const productPfieldSchema = z.object({
  id: integer,
  name: z.string(),
  name_ar: nullableText,
  name_fr: nullableText,
  translated: yesNo,
  type: z.enum(FIELD_TYPES),
  mesure_unit: z.string(),
  position: z.string(),
  /** JSON text, as GET /pfields answers it. */
  values: z.string(),
  /**
   * Text, or a JSON array of the checked values for a checkbox field; `sub_value` is the value of
   * the sub-field the chosen item opens (SPEC §3: a brand's model), or null.
   */
  pivot: z.object({ value: z.string(), sub_value: nullableText }),
});
export type ProductPfield = z.infer<typeof productPfieldSchema>;

export const productShopSchema = z.object({
  id: integer,
  name: z.string(),
  logo: nullableText,
  logo_url: nullableText,
  logo_small_url: nullableText,
  cover: nullableText,
  cover_url: nullableText,
  cover_small_url: nullableText,
  phone_1: nullableText,
  phone_2: nullableText,
  first_whatsapp_number: nullableText,
  second_whatsapp_number: nullableText,
  /**
   * Issue 29 item 2 (added): whether the shop has a number. The offer's answer gives the numbers
   * null to all but the shop's staff and site staff; GET /products/{id}/phone gives them on tap.
   */
  has_phone: z.boolean(),
  is_professional: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  pcategory_id: integer.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Issue 21: the owner's phone_verified_at when phone_1 is the owner's verified number. */
  phone_verified_at: nullableText.optional(),
});
export type ProductShop = z.infer<typeof productShopSchema>;

export const productPsubcategorySchema = z.object({
  id: integer,
  name: z.string(),
  name_ar: nullableText,
  name_fr: nullableText,
  can_be_used: yesNo,
  can_be_rented: yesNo,
  can_be_delivered: yesNo,
  can_be_priced: yesNo,
  can_be_counted: yesNo,
  mesure_unit: z.string(),
  pcategory: z.object({
    id: integer,
    name: z.string(),
    name_ar: nullableText,
    name_fr: nullableText,
  }),
});
export type ProductPsubcategory = z.infer<typeof productPsubcategorySchema>;

/** The viewer's own state on a product (all false/null when anonymous). */
export const viewerStateSchema = z.object({
  saved: z.boolean(),
  reported: z.boolean(),
  reaction: z.enum(REACTION_KINDS).nullable(),
});
export type ViewerState = z.infer<typeof viewerStateSchema>;

/**
 * Issue 32 (DESIGN §4, milestone 3): live until `expires_at`, last bumped at `bumped_at`, marked
 * sold at `sold_at`. The server always sends them; optional so that older objects (offline copies)
 * still parse.
 */
const lifecycleFields = {
  expires_at: z.string().optional(),
  bumped_at: nullableText.optional(),
  sold_at: nullableText.optional(),
};

/** The compact card of SPEC §2 (favorites, similar offers, search results). */
export const productCardSchema = z.object({
  ...reactionCountsSchema.shape,
  ...viewerStateSchema.shape,
  id: integer,
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  name_ar: nullableText,
  name_fr: nullableText,
  price: integer.nullable(),
  offer_type: z.enum(ALL_OFFER_TYPES),
  unit: unitSchema,
  negotiable: yesNo,
  number: integer,
  sold_count: integer,
  sold: z.boolean(),
  psubcategory_id: integer,
  /** The first image's small variant, else the first video's small poster. */
  image: nullableText,
  /** That image's original (`url`) and the sizes of both, for `srcset` (issue 16 item 4). */
  image_file: z
    .object({ url: z.string(), small_url: z.string(), ...imageSizes })
    .nullable()
    .optional(),
  shop: z.object({
    id: integer,
    name: z.string(),
    logo: nullableText,
    logo_url: nullableText,
    logo_small_url: nullableText,
    /** Always null in lists (issue 19 item 5): GET /products/{id}/phone gives the numbers. */
    phone_1: nullableText,
    first_whatsapp_number: nullableText,
    /** Whether the shop has a number to reveal (the card shows its call button). */
    has_phone: z.boolean(),
    is_professional: z.boolean(),
    /** Issue 21: as the product's shop (a "verified number" badge). */
    phone_verified_at: nullableText.optional(),
  }),
  saved_count: integer,
  comments_count: integer,
  commands_count: integer,
  created_at: z.string(),
  updated_at: z.string(),
  ...lifecycleFields,
  /** Issue 32 item 7, rent offers only, as the full answer's: free units now, and when none is, when one is again. */
  available_number: integer.optional(),
  available_from: z.string().nullable().optional(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** GET /products/product/{id}. */
export const productSchema = z.object({
  ...reactionCountsSchema.shape,
  ...viewerStateSchema.shape,
  id: integer,
  type: z.enum(PRODUCT_TYPES),
  user_id: integer.nullable(),
  shop_id: integer,
  psubcategory_id: integer,
  name: z.string(),
  name_ar: nullableText,
  name_fr: nullableText,
  more_infos_ar: nullableText,
  more_infos_fr: nullableText,
  description: nullableText,
  price: integer.nullable(),
  offer_type: z.enum(ALL_OFFER_TYPES),
  unit: unitSchema,
  negotiable: yesNo,
  used: yesNo,
  delivery: yesNo,
  private: yesNo,
  number: integer,
  sold_count: integer,
  sold: z.boolean(),
  saved_count: integer,
  reports_count: integer,
  comments_count: integer,
  commands_count: integer,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distance: integer.nullable(),
  contact_methods: z.array(z.enum(CONTACT_METHODS)),
  created_at: z.string(),
  updated_at: z.string(),
  shop: productShopSchema.extend({ employees: z.array(shopEmployee) }),
  psubcategory: productPsubcategorySchema,
  pfiles: z.array(pfileSchema),
  pfields: z.array(productPfieldSchema),
  /** Issue 19: set when the offer is not visible (only its author, shop staff and site staff get it). */
  moderation: moderationState.nullable().optional(),
  ...lifecycleFields,
  /**
   * Issue 32 item 7, rent offers only: the units free now (its rents end: DESIGN §12), and when
   * none is, the first moment one is free again.
   */
  available_number: integer.optional(),
  available_from: z.string().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productResponse = z.object({ product: productSchema });
export const productCardsResponse = z.object({ products: z.array(productCardSchema) });
export const favoritesResponse = z.object({ products: paginationOf(productCardSchema) });
export type FavoritesAnswer = z.infer<typeof favoritesResponse>;
export const savedResponse = z.object({ saved_count: integer, saved: z.boolean() });
export const reportedResponse = z.object({ reports_count: integer, reported: z.boolean() });

/** GET /users/me/products (issue 32, "My offers"): a tab of the user's shops' offers or demands. */
export const myProductsQuery = z.object({
  status: z.enum(MY_PRODUCT_STATUSES).default('live'),
  type: z.enum(PRODUCT_TYPES).default('offer'),
  page: z.preprocess(numeric, z.number().int().min(1).max(10_000)).default(1),
});
export type MyProductsQuery = z.infer<typeof myProductsQuery>;
export const myProductSchema = productCardSchema.extend({
  /** visible, or why it is not (the hidden tab) */
  moderation_status: z.string(),
  /** The viewer may renew, bump and mark it sold; delete it (permissions.ts). */
  manageable: z.boolean(),
  deletable: z.boolean(),
});
export type MyProduct = z.infer<typeof myProductSchema>;
export const myProductsResponse = z.object({
  products: paginationOf(myProductSchema),
  counts: z.object(
    Object.fromEntries(MY_PRODUCT_STATUSES.map((s) => [s, integer])) as Record<
      (typeof MY_PRODUCT_STATUSES)[number],
      typeof integer
    >,
  ),
});
export type MyProductsAnswer = z.infer<typeof myProductsResponse>;
