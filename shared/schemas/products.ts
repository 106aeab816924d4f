import { z, yesNo } from './common';
import type { FIELD_TYPES, REACTION_KINDS, SHOP_ROLES } from '../constants';
import { DEMAND_TYPES, OFFER_TYPES, PRODUCT_TYPES } from '../constants';
import type { Pagination } from './common';
import type { ReactionCounts } from './reactions';

// Offers and demands (SPEC §3, DESIGN §4). Forms arrive as multipart (every value a string) or
// JSON, so numbers are read from numeric strings too, and an empty string clears a value.

export const CONTACT_METHODS = ['call', 'whatsapp', 'facebook', 'mail'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const ALL_OFFER_TYPES = ['sale', 'buy', 'monthly_rent', 'hourly_rent'] as const;
export type OfferType = (typeof ALL_OFFER_TYPES)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** DESIGN §6: offers sell or rent out, demands buy or rent. */
export function offerTypesOf(type: ProductType): readonly OfferType[] {
  return type === 'offer' ? OFFER_TYPES : DEMAND_TYPES;
}
/** SPEC §3: the period unit of a rent (`{offer_type}_unit` in the dictionary). */
export function unitOf(offerType: string): 'month' | 'hour' | null {
  return offerType === 'monthly_rent' ? 'month' : offerType === 'hourly_rent' ? 'hour' : null;
}

export const MAX_NAME_LENGTH = 200;
export const MAX_TEXT_LENGTH = 5000;
/** Fits PostgreSQL's integer column. */
export const MAX_PRICE = 2_000_000_000;
export const MAX_NUMBER = 1_000_000;
export const MAX_DISTANCE_KM = 20_000;

const numeric = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
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

export interface Pfile {
  id: number;
  type: 'image' | 'video';
  name: string;
  extension: string;
  url: string;
  small_url: string;
}

export interface ProductPfield {
  id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  translated: 'yes' | 'no';
  type: (typeof FIELD_TYPES)[number];
  mesure_unit: string;
  position: string;
  /** JSON text, as GET /pfields answers it. */
  values: string;
  /**
   * Text, or a JSON array of the checked values for a checkbox field; `sub_value` is the value of
   * the sub-field the chosen item opens (SPEC §3: a brand's model), or null.
   */
  pivot: { value: string; sub_value: string | null };
}

export interface ProductShop {
  id: number;
  name: string;
  logo: string | null;
  logo_url: string | null;
  logo_small_url: string | null;
  cover: string | null;
  cover_url: string | null;
  cover_small_url: string | null;
  phone_1: string | null;
  phone_2: string | null;
  first_whatsapp_number: string | null;
  second_whatsapp_number: string | null;
  is_professional: boolean;
  latitude: number | null;
  longitude: number | null;
  pcategory_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ShopEmployee {
  id: number;
  first_name: string;
  last_name: string;
  photo: string | null;
  photo_url: string | null;
  photo_small_url: string | null;
  pivot: { role: (typeof SHOP_ROLES)[number] };
}

export interface ProductPsubcategory {
  id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  can_be_used: 'yes' | 'no';
  can_be_rented: 'yes' | 'no';
  can_be_delivered: 'yes' | 'no';
  can_be_priced: 'yes' | 'no';
  can_be_counted: 'yes' | 'no';
  mesure_unit: string;
  pcategory: { id: number; name: string; name_ar: string | null; name_fr: string | null };
}

/** The viewer's own state on a product (all false/null when anonymous). */
export interface ViewerState {
  saved: boolean;
  reported: boolean;
  reaction: (typeof REACTION_KINDS)[number] | null;
}

/** The compact card of SPEC §2 (favorites, similar offers, search results). */
export interface ProductCard extends ReactionCounts, ViewerState {
  id: number;
  type: ProductType;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  price: number | null;
  offer_type: OfferType;
  unit: 'month' | 'hour' | null;
  negotiable: 'yes' | 'no';
  number: number;
  sold_count: number;
  sold: boolean;
  psubcategory_id: number;
  /** The first image's small variant. */
  image: string | null;
  shop: {
    id: number;
    name: string;
    logo: string | null;
    logo_url: string | null;
    logo_small_url: string | null;
    phone_1: string | null;
    first_whatsapp_number: string | null;
    is_professional: boolean;
  };
  saved_count: number;
  comments_count: number;
  commands_count: number;
  created_at: string;
  updated_at: string;
}

/** GET /products/product/{id}. */
export interface Product extends ReactionCounts, ViewerState {
  id: number;
  type: ProductType;
  user_id: number | null;
  shop_id: number;
  psubcategory_id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  more_infos_ar: string | null;
  more_infos_fr: string | null;
  description: string | null;
  price: number | null;
  offer_type: OfferType;
  unit: 'month' | 'hour' | null;
  negotiable: 'yes' | 'no';
  used: 'yes' | 'no';
  delivery: 'yes' | 'no';
  private: 'yes' | 'no';
  number: number;
  sold_count: number;
  sold: boolean;
  saved_count: number;
  reports_count: number;
  comments_count: number;
  commands_count: number;
  latitude: number | null;
  longitude: number | null;
  distance: number | null;
  contact_methods: ContactMethod[];
  created_at: string;
  updated_at: string;
  shop: ProductShop & { employees: ShopEmployee[] };
  psubcategory: ProductPsubcategory;
  pfiles: Pfile[];
  pfields: ProductPfield[];
}

export type FavoritesAnswer = { products: Pagination<ProductCard> };
