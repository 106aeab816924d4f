import { z } from './common';
import { ALL_OFFER_TYPES } from './products';

// GET /psubcategories/{id}/price-hint?offer_type=&latitude=&longitude= (DESIGN §4, issue 32
// item 6). A place is given whole (both numbers) or not at all.

const blankIsMissing = (v: unknown) => (v === '' ? undefined : v);
const coordinate = (limit: number) =>
  z.preprocess(blankIsMissing, z.coerce.number().min(-limit).max(limit).optional());

export const priceHintQuery = z
  .object({
    offer_type: z.enum(ALL_OFFER_TYPES),
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  .superRefine((q, ctx) => {
    if ((q.latitude === undefined) !== (q.longitude === undefined)) {
      const path = q.latitude === undefined ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [path], message: 'required' });
    }
  });
export type PriceHintQuery = z.output<typeof priceHintQuery>;

export const priceHintSchema = z.object({
  median: z.number().int(),
  low: z.number().int(),
  high: z.number().int(),
  count: z.number().int(),
  scope: z.enum(['town', 'country']),
});

export const priceHintResponse = z.object({ hint: priceHintSchema.nullable() });
