import type { SavedQuery } from '../../../shared/schemas/searches';

// A saved search body (SPEC §7) as the search page's URL (docs/search-ui.md: the search lives in
// the URL), so that opening a saved search shows the search page with those filters.

const PLAIN = [
  'name',
  'type',
  'pcategory_id',
  'psubcategory_id',
  'min_price',
  'max_price',
  'distance',
  'negotiable',
  'used',
  'delivery',
  'offer_type',
  'latitude',
  'longitude',
  'sort',
  'exact',
] as const;
const ADVANCED = [
  'min_price',
  'max_price',
  'distance',
  'negotiable',
  'used',
  'delivery',
  'offer_type',
];
const FIELD = /^pfield_(\d+)(_sub)?$/;

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

export function savedSearchParams(query: SavedQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of PLAIN) {
    const value = text(query[key]);
    if (value !== null && value !== '') params.set(key, value);
  }
  let fields = false;
  for (const [key, value] of Object.entries(query)) {
    const match = FIELD.exec(key);
    if (!match) continue;
    fields = true;
    if (match[2]) {
      if (text(value)) params.set(key, text(value)!);
    } else if (Array.isArray(value)) {
      for (const v of value) if (text(v)) params.append(key, text(v)!);
    } else if (value && typeof value === 'object') {
      const { min, max } = value as { min?: unknown; max?: unknown };
      if (text(min)) params.set(`${key}_min`, text(min)!);
      if (text(max)) params.set(`${key}_max`, text(max)!);
    } else if (text(value)) params.set(key, text(value)!);
  }
  // The panel shows (and applies) a filter only in the mode that has it.
  if (fields && params.has('psubcategory_id')) params.set('mode', 'so_advanced');
  else if (ADVANCED.some((key) => params.has(key))) params.set('mode', 'advanced');
  return params;
}

export function savedSearchHref(query: SavedQuery): string {
  const params = savedSearchParams(query).toString();
  return `/search${params ? `?${params}` : ''}`;
}
