import { z } from 'zod';
import { INSIGHTS_DAYS_DEFAULT, INSIGHTS_DAYS_MAX, PRODUCT_EVENT_KINDS } from '../constants';

// Issue 19 items 5 and 6 (DESIGN §4): phone on tap and shop insights.

const integer = z.number().int();

/**
 * GET /products/{id}/phone, GET /shops/{id}/phone (the shop's numbers) and GET /users/{id}/phone
 * (the user's): public answers carry them null, these give them on a tap. `whatsapp_number` is the
 * shop's first WhatsApp number (the user's own); `second_whatsapp_number` (added, issue 29) the
 * shop's second, null for a user.
 */
export const phonesResponse = z.object({
  phones: z.object({
    phone_1: z.string().nullable(),
    phone_2: z.string().nullable(),
    whatsapp_number: z.string().nullable(),
    second_whatsapp_number: z.string().nullable(),
  }),
});
export type Phones = z.infer<typeof phonesResponse>['phones'];

/** POST /products/{id}/events. */
export const productEventBody = z.object({ kind: z.enum(PRODUCT_EVENT_KINDS) });
export type ProductEventBody = z.infer<typeof productEventBody>;

/** GET /shops/{id}/insights?days=: the last `days` UTC days, today included. */
export const insightsQuery = z.object({
  days: z.preprocess(
    (v) => (v === '' || v === undefined ? INSIGHTS_DAYS_DEFAULT : v),
    z.coerce.number().int().min(1).max(INSIGHTS_DAYS_MAX),
  ),
});

export const insightsDay = z.object({
  /** YYYY-MM-DD, UTC (Mauritania's own time all year). */
  date: z.string(),
  views: integer,
  phone: integer,
  call: integer,
  whatsapp: integer,
  share: integer,
  save: integer,
  /** Issue 32: bumps by the shop's staff (back to the top of "newest"). */
  bump: integer,
});
export type InsightsDay = z.infer<typeof insightsDay>;

export const insightsOffer = z.object({
  id: integer,
  name: z.string(),
  name_ar: z.string().nullable(),
  name_fr: z.string().nullable(),
  type: z.enum(['offer', 'demand']),
  views: integer,
  phone: integer,
  call: integer,
  whatsapp: integer,
  share: integer,
  save: integer,
  bump: integer,
});
export type InsightsOffer = z.infer<typeof insightsOffer>;

export const insightsResponse = z.object({
  insights: z.object({ days: z.array(insightsDay), offers: z.array(insightsOffer) }),
});
export type Insights = z.infer<typeof insightsResponse>['insights'];
