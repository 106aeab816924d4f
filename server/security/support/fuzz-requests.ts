import fc, { type Arbitrary } from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { createProductBody, updateProductBody } from '../../../shared/schemas/products';
import { createShopBody, updateShopBody } from '../../../shared/schemas/shops';
import { profileBody } from '../../../shared/schemas/users';
import { multipart, png } from '../../media/test-files';
import { pngClaiming } from './hostile-files';
import { hostile, hostileString, mutated, valid } from './zod-arbitrary';

// What the fuzz suite sends to one route: path parameters (the scenario's real ids, values its
// schema takes, or hostile path segments), a query string and a body drawn from the route's zod
// schemas, as JSON or, where the route reads a form, as multipart (sometimes with a file).

type Route = FastifyInstance['routeTable'][number];

/**
 * The routes that read a form themselves (`readForm` + `parseForm`), so their body schema is not
 * in the route's schema, with their file field: the fuzz suite checks that every multipart route
 * is listed here.
 */
export const FORM_ROUTES: Record<string, { body: z.ZodType; fileField: string }> = {
  'PUT /users/:id': { body: profileBody, fileField: 'photo' },
  'POST /shops/create': { body: createShopBody, fileField: 'logo' },
  'PUT /shops/:id': { body: updateShopBody, fileField: 'cover' },
  'POST /products/create/:type': { body: createProductBody, fileField: 'files' },
  'PUT /products/:id': { body: updateProductBody, fileField: 'files' },
};

export const takesMultipart = (route: Route) =>
  [route.schema?.consumes].flat().includes('multipart/form-data');

const schemaOf = (route: Route, part: 'body' | 'querystring' | 'params') =>
  (part === 'body' ? FORM_ROUTES[`${route.method} ${route.url}`]?.body : undefined) ??
  (route.schema?.[part] as z.ZodType | undefined);

/** Path ids that name nothing, or try to name something else. */
const hostileSegment: Arbitrary<string> = fc.oneof(
  fc
    .constantFrom(
      '-1',
      '0',
      '00',
      '2147483648',
      '9007199254740993',
      '1e3',
      '0x10',
      '1.5',
      ' 1',
      'NaN',
      'Infinity',
      'null',
      '..',
      '../',
      '../../etc/passwd',
      '%2e%2e%2f',
      '١٢٣',
      '1\u0000',
      '\u202e1',
      '🙂',
    )
    .map(encodeURIComponent),
  fc.bigInt({ min: 2n ** 31n, max: 10n ** 40n }).map(String),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  // Segments the router itself refuses: bad percent-encoding, and past its length limit.
  fc.constantFrom('%', '%E0%A4%A', '%zz', 'a%', '9'.repeat(120), 'x'.repeat(5000)),
);

/** A value as a path segment; a lone surrogate (no UTF-8 form) goes as U+FFFD, as browsers send it. */
const asSegment = (value: unknown) =>
  encodeURIComponent(String(value).replace(/\p{Surrogate}/gu, '\ufffd'));

/** The path: each `:param` becomes the real value, a value its schema takes, or a hostile one. */
function pathArbitrary(route: Route, realPath: string): Arbitrary<string> {
  const template = route.url.split('/');
  const real = realPath.split('?')[0].split('/');
  const shape = (schemaOf(route, 'params') as unknown as { shape?: Record<string, z.ZodType> })
    ?.shape;
  const segments = template.map((part, i) => {
    if (!part.startsWith(':')) return fc.constant(part);
    const own = shape?.[part.slice(1)];
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(real[i] ?? '1') },
      { weight: 1, arbitrary: own ? valid(own).map(asSegment) : hostileSegment },
      { weight: 2, arbitrary: hostileSegment },
    );
  });
  return fc.tuple(...segments).map((parts) => parts.join('/'));
}

function queryArbitrary(route: Route): Arbitrary<string> {
  const schema = schemaOf(route, 'querystring');
  const values = schema
    ? mutated(schema)
    : fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 });
  return values.map((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return `?q=${asSegment(value)}`;
    const query = new URLSearchParams();
    for (const [key, v] of Object.entries(value)) {
      for (const item of [v].flat())
        query.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
    return `?${query}`;
  });
}

function bodyArbitrary(route: Route, realBody: unknown): Arbitrary<unknown> {
  const schema = schemaOf(route, 'body');
  if (!schema) return fc.oneof(fc.constant(realBody ?? {}), hostile);
  const base = realBody && typeof realBody === 'object' ? fc.constant(realBody) : valid(schema);
  return fc.oneof(
    { weight: 1, arbitrary: valid(schema) },
    { weight: 1, arbitrary: mutated(schema) },
    { weight: 3, arbitrary: mutated(schema, base) },
  );
}

/** A form field's text, as a browser would send a value of that shape. */
const formText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/**
 * Files a form may carry: none, a real small image, bytes that are no image, and a PNG whose
 * header claims 20000×20000 pixels (past sharp's own limit) over a few bytes of data.
 */
const FILES: (() => Promise<{ name: string; data: Buffer; type: string }[]>)[] = [
  async () => [],
  async () => [{ name: 'a.png', data: await png(8, 8), type: 'image/png' }],
  async () => [{ name: 'a.jpg', data: Buffer.from('not an image\u0000'), type: 'image/jpeg' }],
  async () => [{ name: 'huge.png', data: pngClaiming(20_000), type: 'image/png' }],
];

export interface FuzzCase {
  path: string;
  body: unknown;
  /** Send the body as multipart (fields as text, plus `files`) rather than JSON. */
  asForm: boolean;
  fileChoice: number;
  /** Which of the suite's clients sends it. */
  sender: number;
}

export function caseArbitrary(
  route: Route,
  real: { path: string; body?: unknown },
  senders: number,
): Arbitrary<FuzzCase> {
  const sendsBody = !['GET', 'DELETE'].includes(route.method);
  return fc.record({
    path: fc
      .tuple(pathArbitrary(route, real.path), fc.option(queryArbitrary(route), { freq: 2 }))
      .map(([path, query]) => path + (query ?? '')),
    body: sendsBody ? bodyArbitrary(route, real.body) : fc.constant(undefined),
    asForm: takesMultipart(route) ? fc.boolean() : fc.constant(false),
    fileChoice: fc.nat({ max: FILES.length - 1 }),
    sender: fc.nat({ max: senders - 1 }),
  });
}

/** The inject payload of a case: JSON, or a multipart form of text fields and files. */
export async function payloadOf(route: Route, c: FuzzCase) {
  if (!c.asForm) return { body: c.body };
  const fields: Record<string, string | string[]> = {};
  if (c.body && typeof c.body === 'object' && !Array.isArray(c.body)) {
    for (const [key, value] of Object.entries(c.body)) {
      if (value === undefined) continue;
      fields[key] = Array.isArray(value) ? value.map(formText) : formText(value);
    }
  } else if (c.body !== undefined) fields.global = formText(c.body);
  const fileField = FORM_ROUTES[`${route.method} ${route.url}`]?.fileField ?? 'files';
  const files = (await FILES[c.fileChoice]()).map((file) => ({ ...file, field: fileField }));
  const form = multipart(fields, files);
  return { payload: form.payload, headers: form.headers };
}
