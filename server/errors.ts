// Errors a service throws; the error plugin turns them into DESIGN §3's answer:
// `{ errors: { field: [message key] } }` with the status below.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(Object.values(errors).flat().join(', '));
  }
}

export const unauthorized = () => new HttpError(401, { global: ['unauthenticated'] });
export const forbidden = () => new HttpError(403, { global: ['forbidden'] });
export const notFound = () => new HttpError(404, { global: ['not_found'] });
export const invalid = (field: string, key = 'bad_input') => new HttpError(422, { [field]: [key] });
export const tooMany = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    { global: ['too_many_attempts'] },
    { 'retry-after': String(retryAfterSeconds) },
  );

const holdsNul = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.includes('\u0000')
    : typeof v === 'object' &&
      v !== null &&
      Object.entries(v).some(([key, item]) => key.includes('\u0000') || holdsNul(item));

/** The field whose value holds a NUL byte at any depth; 'global' for a bare value. */
function keyWithNul(values: unknown): string | null {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    return holdsNul(values) ? 'global' : null;
  }
  const entry = Object.entries(values).find(([key, v]) => holdsNul(key) || holdsNul(v));
  // A field whose very name holds one is no field of ours.
  return entry ? (holdsNul(entry[0]) ? 'global' : entry[0]) : null;
}

/**
 * Text with a NUL byte is refused before it reaches a query: PostgreSQL cannot store it ("invalid
 * byte sequence"), SQLite would. 422 under the field for a body or query; 404 for a path part,
 * which then names nothing.
 */
export function refuseNulBytes(values: unknown, where: 'input' | 'path' = 'input'): void {
  const key = keyWithNul(values);
  if (key === null) return;
  throw where === 'path' ? notFound() : invalid(key);
}
