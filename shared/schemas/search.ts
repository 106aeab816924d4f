import { z, pageNumber, paginationOf, yesNo } from './common';
import {
  PRODUCT_TYPES,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_SORTS,
  SEARCH_TOTAL_MAX,
} from '../constants';
import { ALL_OFFER_TYPES, MAX_NAME_LENGTH, productCardSchema } from './products';
import { numericInput } from '../domain/numbers';

// POST /products/{source_name}/{source_id}/search (SPEC §7). The web form sends every input,
// empty ones as '' : a blank value means 'not given'. Numbers may come as numeric strings.

export const SEARCH_SOURCES = ['all', 'shop', 'psubcategory'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Named in shared/constants.ts (the web app reads it without loading zod). */
export { SEARCH_TOTAL_MAX };

/** source_name is checked by the service (an unknown one is a 404, as an unknown path is). */
export const searchParams = z.object({
  source_name: z.string().max(40),
  source_id: z.coerce.number().int().min(0).max(2_147_483_647),
});

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
/** Typed numbers in any of the digits and separators people use (issue 35 item 3). */
const numeric = numericInput;

/** An optional input: blank is missing; numeric strings are numbers. */
function given<T extends z.ZodType>(schema: T, asNumber = true) {
  return z
    .preprocess((v) => (isBlank(v) ? undefined : asNumber ? numeric(v) : v), schema.optional())
    .optional();
}

/** SPEC §5: maximum distance, minimum and maximum price are whole numbers of at least 1. */
const atLeastOne = () => given(z.number().int().min(1));
const id = () => given(z.number().int().min(1).max(2_147_483_647));

export const searchBody = z.preprocess(
  (v) => v ?? {},
  z
    .looseObject({
      page: pageNumber,
      type: given(z.enum(PRODUCT_TYPES), false).transform((t) => t ?? 'offer'),
      page_size: given(z.number().int().min(1)).transform((n) =>
        Math.min(n ?? SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE_MAX),
      ),
      name: given(
        z
          .union([z.string(), z.number()])
          .transform((v) => String(v).trim())
          .pipe(z.string().max(MAX_NAME_LENGTH)),
        false,
      ),
      pcategory_id: id(),
      psubcategory_id: id(),
      latitude: given(z.number().min(-90).max(90)),
      longitude: given(z.number().min(-180).max(180)),
      min_price: atLeastOne(),
      max_price: atLeastOne(),
      negotiable: given(yesNo, false),
      used: given(yesNo, false),
      delivery: given(yesNo, false),
      offer_type: given(z.enum(ALL_OFFER_TYPES), false),
      /** km around latitude/longitude. */
      distance: atLeastOne(),
      /** 'yes': the words as typed (and their plurals) only, no translation nor correction. */
      exact: given(yesNo, false),
      /** Ours, additive: newest (default; nearest when a distance is given), by price, nearest. */
      sort: given(z.enum(SEARCH_SORTS), false),
    })
    .superRefine((body, ctx) => {
      const hasLat = body.latitude !== undefined;
      const hasLng = body.longitude !== undefined;
      if (hasLat && !hasLng)
        ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'required' });
      if (hasLng && !hasLat)
        ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'required' });
      // A distance is measured from somewhere: the browser's position (asked for by the
      // advanced search) must come with it.
      const distanceOk = Number.isSafeInteger(body.distance) && body.distance! >= 1;
      if (distanceOk && (!hasLat || !hasLng))
        ctx.addIssue({ code: 'custom', path: ['distance'], message: 'required_location' });
      if (body.sort === 'nearest' && (!hasLat || !hasLng))
        ctx.addIssue({ code: 'custom', path: ['sort'], message: 'required_location' });
      // A minimum above the maximum finds nothing: say so instead (issue 20 item 9).
      const { min_price: min, max_price: max } = body;
      if (typeof min === 'number' && typeof max === 'number' && min > max)
        ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'max_below_min' });
    }),
);
export type SearchBody = z.infer<typeof searchBody>;

/** A search result: the compact card, where it is, and how far from the searcher's position. */
export const searchCardSchema = productCardSchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** km from the given latitude/longitude (null without them, or for a product without a place). */
  distance_km: z.number().nullable(),
});
export type SearchCard = z.infer<typeof searchCardSchema>;

/**
 * Ours, additive (issue 17): what the search understood when it is not the words as typed —
 * `corrected`, the words after the typo tier; `translated`, only the lexicon or another
 * script found the offers. null when the words as typed found them.
 */
export const searchInterpretedSchema = z.object({
  corrected: z.string().nullable(),
  translated: z.boolean(),
});
export type SearchInterpreted = z.infer<typeof searchInterpretedSchema>;

export const searchResponse = z.object({
  products: paginationOf(searchCardSchema),
  interpreted: searchInterpretedSchema.nullable(),
});
export type SearchAnswer = z.infer<typeof searchResponse>;
