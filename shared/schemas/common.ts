import { z } from 'zod';

// Every message that reaches the client is a dictionary key (DESIGN §3): a missing value is
// `required`, anything else malformed is `bad_input`, unless a schema names its own key.
z.config({
  customError: (issue) => (issue.input === undefined ? 'required' : 'bad_input'),
});

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type IdParam = z.infer<typeof idParam>;

export const yesNo = z.enum(['yes', 'no']);

/**
 * A flag of a form that may come as JSON or multipart (SPEC's is_professional, sms_alerts):
 * 'yes'/'no' or a boolean (or its text form) in, a boolean out.
 */
export const yesNoBoolean = z
  .union([
    z.boolean(),
    z.enum(['yes', 'no', 'true', 'false', '1', '0']),
    z.literal(0),
    z.literal(1),
  ])
  .transform((v) => v === true || v === 'yes' || v === 'true' || v === '1' || v === 1);

/** A 204 answer: no body (declared so that /docs/json describes it). */
export const noContent = z.null().describe('No content');

/** Errors object of DESIGN §3: field → message keys; `global` for errors that belong to no field. */
export const errorsBody = z.object({ errors: z.record(z.string(), z.array(z.string())) });
export type ErrorsBody = z.infer<typeof errorsBody>;

export function paginationOf<T extends z.ZodType>(item: T) {
  return z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    to: z.number().int().nullable(),
    data: z.array(item),
  });
}
export interface Pagination<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  to: number | null;
  data: T[];
}

export function toPagination<T>(
  rows: T[],
  total: number,
  page: number,
  perPage: number,
): Pagination<T> {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    to: rows.length ? (page - 1) * perPage + rows.length : null,
    data: rows,
  };
}

/**
 * `page`, from a body or a query string; blank means the first page. Capped so that no offset
 * overflows on PostgreSQL.
 */
export const pageNumber = z.preprocess(
  (v: unknown) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
);
export const pageBody = z.object({ page: pageNumber });

export { z };
