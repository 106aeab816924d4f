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

/** A user's saved search and its alert state (013, docs/searches.md). */
export interface SavedSearchesTable {
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
