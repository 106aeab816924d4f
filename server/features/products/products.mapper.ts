import { hasPhone } from '../insights/numbers';
import type { PfieldRow, ProductRow, ShopRow } from '../../db/types';
import { imageFields, mediaUrls } from '../../media/media';
import type { ReactionKind, ShopRole } from '../../../shared/constants';
import {
  unitOf,
  type ContactMethod,
  type Pfile,
  type Product,
  type ProductCard,
  type ProductPfield,
  type ViewerState,
} from '../../../shared/schemas/products';
import { reactionCounts } from '../../../shared/schemas/reactions';
import type { SubcategoryRow } from './products.repository';
import type { CardRow } from './cards.repository';

// Rows → what the API answers. Column names of SPEC §3; 0/1 become booleans; JSON text is
// parsed; media ids become urls. Nothing private (emails, password hashes) is ever picked.

export const NO_VIEWER: ViewerState = { saved: false, reported: false, reaction: null };

interface Sizes {
  width?: number | null;
  height?: number | null;
  small_width?: number | null;
  small_height?: number | null;
}

const sizesOf = (row: Sizes) => ({
  width: row.width ?? null,
  height: row.height ?? null,
  small_width: row.small_width ?? null,
  small_height: row.small_height ?? null,
});

export function toPfile(
  row: {
    id: number;
    type: Pfile['type'];
    name: string;
    extension: string;
  } & Sizes,
): Pfile {
  const type = row.type;
  return {
    id: row.id,
    type,
    name: row.name,
    extension: row.extension,
    ...mediaUrls(row.name, type, row.extension),
    ...sizesOf(row),
  };
}

/** The card's image (cards.repository's `image_sizes`: `w,h,sw,sh` of the file it shows). */
function cardImage(row: CardRow): ProductCard['image_file'] {
  const [width, height, small_width, small_height] = (row.image_sizes ?? '')
    .split(',')
    .map((n) => (n ? Number(n) : null));
  const sizes = sizesOf({ width, height, small_width, small_height });
  if (row.image_name) {
    const urls = mediaUrls(row.image_name, 'image', 'webp');
    return { url: urls.url, small_url: urls.small_url, ...sizes };
  }
  if (row.video_name) {
    const urls = mediaUrls(row.video_name, 'video', 'mp4');
    return { url: urls.poster_url!, small_url: urls.poster_small_url!, ...sizes };
  }
  return null;
}

function contactMethods(json: string): ContactMethod[] {
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function toProduct(parts: {
  product: ProductRow;
  shop: ShopRow & { phone_verified_at?: string | null };
  employees: {
    id: number;
    first_name: string;
    last_name: string;
    photo: string | null;
    role: ShopRole;
  }[];
  subcategory: SubcategoryRow;
  files: ({ id: number; type: Pfile['type']; name: string; extension: string } & Sizes)[];
  pfields: (PfieldRow & { value: string; sub_value: string | null })[];
  viewer: ViewerState;
}): Product {
  const { product: p, shop, subcategory: s } = parts;
  return {
    id: p.id,
    type: p.type,
    user_id: p.user_id,
    shop_id: p.shop_id,
    psubcategory_id: p.psubcategory_id,
    name: p.name,
    name_ar: p.name_ar,
    name_fr: p.name_fr,
    more_infos_ar: p.more_infos_ar,
    more_infos_fr: p.more_infos_fr,
    description: p.description,
    price: p.price,
    offer_type: p.offer_type,
    unit: unitOf(p.offer_type),
    negotiable: p.negotiable,
    used: p.used,
    delivery: p.delivery,
    private: p.private,
    number: p.number,
    sold_count: p.sold_count,
    sold: !!p.sold,
    saved_count: p.saved_count,
    reports_count: p.reports_count,
    comments_count: p.comments_count,
    commands_count: p.commands_count,
    latitude: p.latitude,
    longitude: p.longitude,
    distance: p.distance,
    contact_methods: contactMethods(p.contact_methods),
    created_at: p.created_at,
    updated_at: p.updated_at,
    expires_at: p.expires_at,
    bumped_at: p.bumped_at,
    sold_at: p.sold_at,
    ...reactionCounts(p),
    ...parts.viewer,
    shop: {
      id: shop.id,
      name: shop.name,
      ...imageFields('logo', shop.logo),
      ...imageFields('cover', shop.cover),
      phone_1: shop.phone_1,
      phone_2: shop.phone_2,
      first_whatsapp_number: shop.first_whatsapp_number,
      second_whatsapp_number: shop.second_whatsapp_number,
      has_phone: hasPhone(shop),
      is_professional: !!shop.is_professional,
      phone_verified_at: shop.phone_verified_at ?? null,
      latitude: shop.latitude,
      longitude: shop.longitude,
      pcategory_id: shop.pcategory_id,
      created_at: shop.created_at,
      updated_at: shop.updated_at,
      employees: parts.employees.map((e) => ({
        id: e.id,
        first_name: e.first_name,
        last_name: e.last_name,
        ...imageFields('photo', e.photo),
        pivot: { role: e.role },
      })),
    },
    psubcategory: {
      id: s.id,
      name: s.name,
      name_ar: s.name_ar,
      name_fr: s.name_fr,
      can_be_used: s.can_be_used,
      can_be_rented: s.can_be_rented,
      can_be_delivered: s.can_be_delivered,
      can_be_priced: s.can_be_priced,
      can_be_counted: s.can_be_counted,
      mesure_unit: s.mesure_unit,
      pcategory: {
        id: s.pcategory_id,
        name: s.pcategory_name,
        name_ar: s.pcategory_name_ar,
        name_fr: s.pcategory_name_fr,
      },
    },
    pfiles: parts.files.map(toPfile),
    pfields: parts.pfields.map((f): ProductPfield => ({
      id: f.id,
      name: f.name,
      name_ar: f.name_ar,
      name_fr: f.name_fr,
      translated: f.translated,
      type: f.type,
      mesure_unit: f.mesure_unit,
      position: f.position,
      values: f.values,
      pivot: { value: f.value, sub_value: f.sub_value },
    })),
  };
}

/** The compact card of SPEC §2; `viewer` is the signed-in user's own state, if any. */
export function toProductCard(row: CardRow, viewer: ViewerState = NO_VIEWER): ProductCard {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    name_ar: row.name_ar,
    name_fr: row.name_fr,
    price: row.price,
    offer_type: row.offer_type,
    unit: unitOf(row.offer_type),
    negotiable: row.negotiable,
    number: row.number,
    sold_count: row.sold_count,
    sold: !!row.sold,
    psubcategory_id: row.psubcategory_id,
    image: row.image_name
      ? mediaUrls(row.image_name, 'image', 'webp').small_url
      : row.video_name
        ? mediaUrls(row.video_name, 'video', 'mp4').poster_small_url
        : null,
    image_file: cardImage(row),
    shop: {
      id: row.shop_id,
      name: row.shop_name,
      ...imageFields('logo', row.shop_logo),
      // Phone on tap (issue 19 item 5): lists never carry the numbers (the fields stay, null);
      // GET /products/{id}/phone gives them, counted and rate-limited.
      phone_1: null,
      first_whatsapp_number: null,
      has_phone: !!row.shop_has_phone,
      is_professional: !!row.shop_is_professional,
      phone_verified_at: row.shop_phone_verified_at ?? null,
    },
    saved_count: row.saved_count,
    comments_count: row.comments_count,
    commands_count: row.commands_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
    expires_at: row.expires_at,
    bumped_at: row.bumped_at,
    sold_at: row.sold_at,
    ...reactionCounts(row),
    ...viewer,
  };
}

/** Viewer states of many products, from the sets viewerMarks answers. */
export function viewerStateOf(
  marks: { saved: Set<number>; reported: Set<number>; reactions: Map<number, ReactionKind> } | null,
  productId: number,
): ViewerState {
  if (!marks) return NO_VIEWER;
  return {
    saved: marks.saved.has(productId),
    reported: marks.reported.has(productId),
    reaction: marks.reactions.get(productId) ?? null,
  };
}
