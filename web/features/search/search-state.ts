import { PRODUCT_TYPES, SEARCH_SORTS } from '../../../shared/constants';
import { offerTypesOf } from '../../../shared/domain/products';
import { TOWN_RADIUS_KM, townById } from '../../../shared/domain/places';
import type { OfferType, ProductType } from '../../../shared/schemas/products';

// The search lives in the URL (issue 6): every field of the panel is a query parameter, so a
// search can be shared, reloaded, and the back button returns to the previous one. This module
// is the one translation between the URL, the panel's state and the body of
// POST /products/{source_name}/{source_id}/search (SPEC §7).

export const SEARCH_MODES = ['normal', 'advanced', 'so_advanced'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const YES_NO_FILTERS = ['negotiable', 'used', 'delivery'] as const;
export type YesNoFilter = (typeof YES_NO_FILTERS)[number];
/** A yes/no filter: '' is 'either'. */
export type YesNoChoice = '' | 'yes' | 'no';

/** The numeric bounds SPEC §5 checks, with the names its messages use. */
export const BOUNDS = [
  { name: 'min_price', label: 'minimum_price' },
  { name: 'max_price', label: 'maximum_price' },
  { name: 'distance', label: 'maximum_distance' },
] as const;
export type BoundName = (typeof BOUNDS)[number]['name'];

/** A subcategory field's filter: chosen values (select, radio, text, checkbox) or a range. */
export interface FieldFilter {
  values: string[];
  min: string;
  max: string;
  /** The sub-field's value (SPEC §3: a brand's model), sent as `pfield_{id}_sub`. */
  sub?: string;
}

export interface Position {
  latitude: number;
  longitude: number;
}

export interface SearchState {
  mode: SearchMode;
  type: ProductType;
  name: string;
  pcategory_id: string;
  psubcategory_id: string;
  min_price: string;
  max_price: string;
  distance: string;
  /**
   * A town of shared/domain/places.ts (issue 20): the search is around its point, within the
   * typed distance or TOWN_RADIUS_KM, instead of around the searcher's position.
   */
  town: string;
  negotiable: YesNoChoice;
  used: YesNoChoice;
  delivery: YesNoChoice;
  offer_type: '' | OfferType;
  /** By pfield id. */
  fields: Record<string, FieldFilter>;
  /** Where the distance is measured from: the searcher's position when the search was made. */
  position: Position | null;
  page: number;
  /** The order ('' the server's default: newest, or nearest with a distance). */
  sort: '' | SearchSort;
  /** The words as typed only: no correction nor translation (the 'search exactly' link). */
  exact: boolean;
}

export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The panel's orders; nearest asks for the position when the search is made. */
export const SEARCH_SORT_OPTIONS = SEARCH_SORTS;

export const emptySearch: SearchState = {
  mode: 'normal',
  type: 'offer',
  name: '',
  pcategory_id: '',
  psubcategory_id: '',
  min_price: '',
  max_price: '',
  distance: '',
  town: '',
  negotiable: '',
  used: '',
  delivery: '',
  offer_type: '',
  fields: {},
  position: null,
  page: 1,
  sort: '',
  exact: false,
};

export const emptyField = (): FieldFilter => ({ values: [], min: '', max: '' });

/** DESIGN §6: offers sell or rent out, demands buy or rent (shared/domain/products.ts). */
export const offerTypesFor = offerTypesOf;

const FIELD_KEY = /^pfield_(\d{1,10})(?:_(min|max|sub))?$/;
const isId = (v: string | null): v is string => !!v && /^\d{1,10}$/.test(v);
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.find((item) => item === v);
const yesNo = (v: string | null): YesNoChoice => (v === 'yes' || v === 'no' ? v : '');

/** Coordinates in the URL: about 100 m, enough for a distance in km, no more of the person's place. */
const coordinate = (v: number) => Math.round(v * 1000) / 1000;

function readPosition(params: URLSearchParams): Position | null {
  const latitude = Number(params.get('latitude'));
  const longitude = Number(params.get('longitude'));
  if (!params.get('latitude') || !params.get('longitude')) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * The search a URL describes. Text values are kept as typed (the panel shows them, the server
 * judges them: a shared link with `min_price=0` shows the server's error under the field); only
 * choices from fixed lists fall back to their default when the URL holds something else.
 */
export function readSearch(params: URLSearchParams): SearchState {
  const type = oneOf(PRODUCT_TYPES, params.get('type')) ?? 'offer';
  const text = (key: string) => (params.get(key) ?? '').trim();
  const fields: Record<string, FieldFilter> = {};
  for (const key of new Set(params.keys())) {
    const match = FIELD_KEY.exec(key);
    if (!match) continue;
    const field = (fields[match[1]] ??= emptyField());
    if (match[2] === 'min') field.min = text(key);
    else if (match[2] === 'max') field.max = text(key);
    else if (match[2] === 'sub') field.sub = text(key);
    else field.values = params.getAll(key).filter((v) => v.trim() !== '');
  }
  const page = Number(params.get('page'));
  return {
    mode: oneOf(SEARCH_MODES, params.get('mode')) ?? 'normal',
    type,
    name: text('name'),
    pcategory_id: isId(params.get('pcategory_id')) ? params.get('pcategory_id')! : '',
    psubcategory_id: isId(params.get('psubcategory_id')) ? params.get('psubcategory_id')! : '',
    min_price: text('min_price'),
    max_price: text('max_price'),
    distance: text('distance'),
    town: townById(params.get('town') ?? '')?.id ?? '',
    negotiable: yesNo(params.get('negotiable')),
    used: yesNo(params.get('used')),
    delivery: yesNo(params.get('delivery')),
    offer_type: oneOf(offerTypesFor(type), params.get('offer_type')) ?? '',
    fields,
    position: readPosition(params),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    sort: oneOf(SEARCH_SORTS, params.get('sort')) ?? '',
    exact: params.get('exact') === 'yes',
  };
}

const atLeast = (mode: SearchMode, wanted: SearchMode) =>
  SEARCH_MODES.indexOf(mode) >= SEARCH_MODES.indexOf(wanted);

/**
 * What of a state applies in its mode. A filter the panel does not show never applies: going back
 * to the normal mode drops the advanced filters, and the fields go with their subcategory.
 */
export function effectiveSearch(state: SearchState): SearchState {
  const advanced = atLeast(state.mode, 'advanced');
  const soAdvanced = atLeast(state.mode, 'so_advanced') && state.psubcategory_id !== '';
  const distance = advanced ? state.distance : '';
  const town = advanced ? townById(state.town) : undefined;
  return {
    ...state,
    min_price: advanced ? state.min_price : '',
    max_price: advanced ? state.max_price : '',
    distance,
    town: town?.id ?? '',
    negotiable: advanced ? state.negotiable : '',
    used: advanced ? state.used : '',
    delivery: advanced ? state.delivery : '',
    offer_type: advanced ? state.offer_type : '',
    fields: soAdvanced ? state.fields : {},
    // A town is where the search is made from; else the position measures a distance, or
    // orders nearest first.
    position: town
      ? { latitude: town.latitude, longitude: town.longitude }
      : distance !== '' || state.sort === 'nearest'
        ? state.position
        : null,
  };
}

/** The URL of a search: only what applies, defaults left out, so links stay short and stable. */
export function writeSearch(input: SearchState): URLSearchParams {
  const state = effectiveSearch(input);
  const params = new URLSearchParams();
  const put = (key: string, value: string) => {
    if (value !== '') params.set(key, value);
  };
  put('name', state.name.trim());
  if (state.type !== 'offer') params.set('type', state.type);
  if (state.mode !== 'normal') params.set('mode', state.mode);
  put('pcategory_id', state.pcategory_id);
  put('psubcategory_id', state.psubcategory_id);
  put('min_price', state.min_price.trim());
  put('max_price', state.max_price.trim());
  put('distance', state.distance.trim());
  put('town', state.town);
  for (const key of YES_NO_FILTERS) put(key, state[key]);
  put('offer_type', state.offer_type);
  for (const id of Object.keys(state.fields).sort((a, b) => Number(a) - Number(b))) {
    const field = state.fields[id];
    for (const value of field.values) if (value.trim() !== '') params.append(`pfield_${id}`, value);
    put(`pfield_${id}_min`, field.min.trim());
    put(`pfield_${id}_max`, field.max.trim());
    put(`pfield_${id}_sub`, field.sub?.trim() ?? '');
  }
  // A town's point is the town's (a shared link searches the same place); only the
  // searcher's own position is written.
  if (state.position && !state.town) {
    params.set('latitude', String(coordinate(state.position.latitude)));
    params.set('longitude', String(coordinate(state.position.longitude)));
  }
  if (state.page > 1) params.set('page', String(state.page));
  put('sort', state.sort);
  if (state.exact) params.set('exact', 'yes');
  return params;
}

/** `?…` of a search, or '' when it has nothing to say. */
export function searchQuery(state: SearchState): string {
  const query = writeSearch(state).toString();
  return query ? `?${query}` : '';
}

/**
 * The body of POST …/search. A distance without a position cannot be measured (the server would
 * answer `required_location`): it is left out, and the panel says the position is unavailable.
 */
export function toSearchBody(input: SearchState, pageSize?: number): Record<string, unknown> {
  const state = effectiveSearch(input);
  const body: Record<string, unknown> = { page: state.page, type: state.type };
  if (pageSize) body.page_size = pageSize;
  const put = (key: string, value: string) => {
    if (value.trim() !== '') body[key] = value.trim();
  };
  put('name', state.name);
  put('pcategory_id', state.pcategory_id);
  put('psubcategory_id', state.psubcategory_id);
  put('min_price', state.min_price);
  put('max_price', state.max_price);
  for (const key of YES_NO_FILTERS) put(key, state[key]);
  put('offer_type', state.offer_type);
  if (state.position) {
    body.latitude = state.position.latitude;
    body.longitude = state.position.longitude;
    put('distance', state.distance);
    // Within a town: its radius unless a distance was typed.
    if (state.town && body.distance === undefined) body.distance = String(TOWN_RADIUS_KM);
  }
  // Nearest without a position cannot be ordered (the server would answer required_location).
  if (state.sort !== 'nearest' || state.position) put('sort', state.sort);
  if (state.exact) body.exact = 'yes';
  for (const [id, field] of Object.entries(state.fields)) {
    const min = field.min.trim();
    const max = field.max.trim();
    const values = field.values.filter((v) => v.trim() !== '');
    if (min || max) body[`pfield_${id}`] = { min, max };
    else if (values.length === 1) body[`pfield_${id}`] = values[0];
    else if (values.length > 1) body[`pfield_${id}`] = values;
    put(`pfield_${id}_sub`, field.sub ?? '');
  }
  return body;
}

/** The same search in another mode (the panel's mode switch). */
export const withMode = (state: SearchState, mode: SearchMode): SearchState => ({ ...state, mode });

/**
 * The same search for the other product type: an offer type that only the other side has
 * (sale for offers, buy for demands) is dropped, and paging starts again.
 */
export function withType(state: SearchState, type: ProductType): SearchState {
  const offerType =
    state.offer_type && offerTypesFor(type).includes(state.offer_type) ? state.offer_type : '';
  return { ...state, type, offer_type: offerType, page: 1 };
}
