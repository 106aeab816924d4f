import type { ColumnType, Selectable } from 'kysely';
import type { PRODUCT_TYPES, YesNo } from '../../../shared/constants';
import type { OfferType } from '../../../shared/domain/products';
import type { ModerationStatus } from '../../../shared/domain/trust';
import type { Id, Counter, Defaulted, ReactionCounters } from './columns';

// Row types of products (offers and demands), their field values and saves.

type ProductType = (typeof PRODUCT_TYPES)[number];

export interface ProductsTable extends ReactionCounters {
  id: Id;
  type: ProductType;
  shop_id: number;
  user_id: number | null; // who posted it
  psubcategory_id: number;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  more_infos_ar: string | null;
  more_infos_fr: string | null;
  description: string | null;
  price: number | null;
  offer_type: OfferType;
  negotiable: Defaulted<YesNo>;
  used: Defaulted<YesNo>;
  delivery: Defaulted<YesNo>;
  private: Defaulted<YesNo>;
  number: Defaulted<number>;
  sold_count: Counter;
  sold: Counter;
  saved_count: Counter;
  reports_count: Counter;
  comments_count: Counter;
  commands_count: Counter;
  latitude: number | null;
  longitude: number | null;
  distance: number | null;
  contact_methods: Defaulted<string>; // JSON text: ["call","whatsapp",...]
  search_text: Defaulted<string>; // normalised names and infos of both languages (DESIGN §7)
  search_stems: Defaulted<string>; // stems of its words (shared/domain/search-terms.ts)
  search_related: Defaulted<string>; // lexicon words, catalogue names (search-terms.ts)
  created_at: string;
  updated_at: string;
  moderation_status: Defaulted<ModerationStatus>; // migration 014
  /** 0 while held at creation and not yet announced (migration 023) */
  announced: Defaulted<number>;
  /** Issue 32 (migration 025): live until then; every insert sets it (null is never live). */
  expires_at: ColumnType<string, string | undefined, string>;
  bumped_at: string | null;
  sold_at: string | null;
  /** The expires_at whose `listing_expiring` notice was sent. */
  expiry_notice_for: string | null;
}

export interface ProductPfieldTable {
  product_id: number;
  pfield_id: number;
  value: string;
  sub_value: string | null; // the sub-field's value (SPEC §3: a brand's model), migration 010
}

export interface SavesTable {
  user_id: number;
  product_id: number;
  created_at: string;
}

export type ProductRow = Selectable<ProductsTable>;
