import type { PfieldRow, SavedSearchMatchColumns } from '../../db/types';
import { searchBody, type SearchBody } from '../../../shared/schemas/search';
import { queryTerms } from '../../../shared/domain/search-terms';
import { TIERS, tierRanker, type SearchColumns, type Tier } from '../search/search-words';
import { haversineKm, MAX_KM } from '../search/search-geo';
import {
  parsePfieldFilters,
  parsePfieldSubFilters,
  pfieldEntries,
  type PfieldFilter,
} from '../search/pfield-filters';

// Issue 29 item 3 (docs/searches.md): what a saved search asks for, split in two.
// - Columns (`matchColumnsOf`, migration 022): the filters one SQL statement tests for a new
//   offer over every saved search at once (searches.repository.ts `candidates`).
// - The rest (`compileMatcher`): the words, field values and exact distance, tested in JS on the
//   few searches the statement leaves, with the search's own pieces: tierRanker is the search's
//   text match done in JS (search-words.ts), the field filters are those of pfield-filters.ts.
// Together they say what `findsProduct` said with one search per saved search.

/** The largest value an integer column holds (as search-conditions.ts bounds prices). */
const MAX_INT = 2_147_483_647;

export type MatchColumns = SavedSearchMatchColumns;

/** A saved body as the search reads it; null when it no longer parses (it then finds nothing). */
export function parseSaved(query: string): SearchBody | null {
  try {
    const parsed = searchBody.safeParse(JSON.parse(query));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The columns of a saved body (text or parsed); null for a body that no longer parses. */
export function matchColumnsOf(query: string | SearchBody): MatchColumns | null {
  const body = typeof query === 'string' ? parseSaved(query) : query;
  if (!body) return null;
  const placed =
    body.latitude !== undefined && body.longitude !== undefined && body.distance !== undefined;
  return {
    match_subcategory: body.psubcategory_id ?? 0,
    match_category: body.pcategory_id ?? 0,
    match_min_price: body.min_price === undefined ? null : Math.min(body.min_price, MAX_INT),
    match_max_price: body.max_price === undefined ? null : Math.min(body.max_price, MAX_INT),
    match_offer_type: body.offer_type ?? null,
    match_negotiable: body.negotiable ?? null,
    match_used: body.used ?? null,
    match_delivery: body.delivery ?? null,
    match_latitude: placed ? body.latitude! : null,
    match_longitude: placed ? body.longitude! : null,
    match_distance_km: placed ? Math.min(body.distance!, MAX_KM) : null,
  };
}

/** What the JS half reads of the new offer. */
export interface MatchedProduct extends SearchColumns {
  latitude: number | null;
  longitude: number | null;
  psubcategory_id: number;
}

/** A product's field values by field id. */
export type ProductValues = Map<number, { value: string; sub_value: string | null }>;

/** The number a field value holds, as migration 020's PFIELD_NUMBER reads it (null: none). */
const NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

/** pfield-filters' filter tested on the product's value, as search-conditions.ts writes it. */
function holdsValue(f: PfieldFilter, values: ProductValues): boolean {
  const row = values.get(f.pfieldId);
  if (!row) return false;
  switch (f.kind) {
    case 'equals':
      return row.value === f.value;
    case 'sub':
      return row.sub_value === f.value;
    case 'contains':
      return f.values.every((v) => row.value.includes(JSON.stringify(v)));
    case 'range': {
      if (!NUMBER_TEXT.test(row.value)) return false;
      const n = Number(row.value);
      return (f.min === null || n >= f.min) && (f.max === null || n <= f.max);
    }
  }
}

/** The JS half of one saved search: the field ids it filters on, and the test itself. */
export interface Matcher {
  pfieldIds: number[];
  matches(product: MatchedProduct, values: ProductValues, fields: Map<number, PfieldRow>): boolean;
}

const NEVER: Matcher = { pfieldIds: [], matches: () => false };

/**
 * The words (every tier a search reads before near spellings, as findsProduct did: the typo tier
 * is read only when nothing matched anywhere), the field values and the exact distance.
 */
export function compileMatcher(body: SearchBody | null): Matcher {
  if (!body) return NEVER;
  const words = body.name ? queryTerms(body.name) : [];
  const last: Tier = body.exact === 'yes' ? 'stem' : 'transliteration';
  const ranker = words.length ? tierRanker(words, TIERS.slice(0, TIERS.indexOf(last) + 1)) : null;
  const { entries, subEntries, errors } = pfieldEntries(body);
  if (Object.keys(errors).length) return NEVER;
  const pfieldIds = [...new Set([...entries.keys(), ...subEntries.keys()])];
  const origin =
    body.latitude !== undefined && body.longitude !== undefined && body.distance !== undefined
      ? { latitude: body.latitude, longitude: body.longitude }
      : null;
  return {
    pfieldIds,
    matches(product, values, fields) {
      if (ranker && ranker(product) === null) return false;
      if (origin) {
        if (product.latitude === null || product.longitude === null) return false;
        const at = { latitude: product.latitude, longitude: product.longitude };
        if (haversineKm(origin, at) > Math.min(body.distance!, MAX_KM)) return false;
      }
      if (!pfieldIds.length) return true;
      const rows = pfieldIds.flatMap((id) => fields.get(id) ?? []);
      const parsed = parsePfieldFilters(rows, entries, body.psubcategory_id);
      const sub = parsePfieldSubFilters(rows, subEntries);
      // A field deleted since the search was saved: the search answers 422, so it finds nothing.
      if (Object.keys({ ...parsed.errors, ...sub.errors }).length) return false;
      return [...parsed.filters, ...sub.filters].every((f) => holdsValue(f, values));
    },
  };
}
