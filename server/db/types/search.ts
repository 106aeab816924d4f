import type { Generated } from 'kysely';
import type { Id } from './columns';

// Row types of the search vocabulary and users' saved searches.

/** The typo tier's vocabulary: the index's stems and how many products hold each (009). */
export interface SearchTermsTable {
  term: string;
  length: number;
  count: number;
}

/**
 * The vocabulary's terms under their deletion variants (011): the typo tier's index look-up
 * (shared/domain/search-terms.ts `deletionKeys`).
 */
export interface SearchTermVariantsTable {
  variant: string;
  term: string;
}

/**
 * A saved search's filters as columns (022, saved-search-criteria.ts `matchColumnsOf`, which every
 * insert uses): 0 for no subcategory or category; null for no bound, flag or place.
 */
export interface SavedSearchMatchColumns {
  match_subcategory: number;
  match_category: number;
  match_min_price: number | null;
  match_max_price: number | null;
  match_offer_type: string | null;
  match_negotiable: string | null;
  match_used: string | null;
  match_delivery: string | null;
  match_latitude: number | null;
  match_longitude: number | null;
  match_distance_km: number | null;
}

/** A user's saved search and its alert state (013, docs/searches.md). */
export interface SavedSearchesTable extends SavedSearchMatchColumns {
  id: Id;
  user_id: number;
  name: string;
  /** The search body of SPEC §7, JSON text. */
  query: string;
  /** offer or demand: the body's type, so that a new product reads only the searches for it. */
  product_type: string;
  new_count: Generated<number>;
  pending_count: Generated<number>;
  pending_product_id: number | null;
  last_alert_at: string | null;
  last_seen_at: string;
  created_at: string;
}

/** A new offer waiting to be matched against saved searches (021, search-alerts.ts). */
export interface SavedSearchQueueTable {
  product_id: number;
  queued_at: string;
  /** Set while a process matches it; a claim that ran out is taken again. */
  claimed_until: string | null;
  attempts: Generated<number>;
}
