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
