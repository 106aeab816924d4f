import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { MAX_FILE_BYTES, MAX_FILES_PER_PRODUCT } from '../../shared/constants';
import { HttpError, invalid, refuseNulBytes } from '../errors';
import { setUploadOwner } from './work-queue';
import { clientLimitKey } from '../plugins/client-address';

// Reading a form that may carry files (multipart) or not (JSON), for routes that accept both.
// The size of each file is capped by @fastify/multipart (413, `uploadRoutes`); the number of files
// here (422).

/**
 * Registers the routes that take forms with files (SPEC §5, DESIGN §8: at most
 * MAX_FILES_PER_PRODUCT files of at most MAX_FILE_BYTES each) in a scope of their own, with
 * @fastify/multipart. Its hooks (an async `onRequest` that watches each response's `close`, an
 * async `onResponse` that cleans temporary files this project never makes) then run on those
 * routes only, not on every request (1.7 % of a JSON read, issue 31 item 4). Any other route
 * answers a multipart body with 415 unsupported_media_type.
 */
export async function uploadRoutes<App extends FastifyInstance>(
  app: App,
  routes: (scope: App) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_FILE_BYTES,
        files: MAX_FILES_PER_PRODUCT,
        fields: 200,
        fieldSize: 64 * 1024,
        parts: 200 + MAX_FILES_PER_PRODUCT,
        headerPairs: 100,
      },
    });
    routes(scope as App);
  });
}

export interface FormBody {
  /** Text fields; a name sent more than once (or as `name[]`) gives a list. */
  fields: Record<string, unknown>;
  /** File buffers by field name (`files[]` is `files`). */
  files: Record<string, Buffer[]>;
}

const baseName = (name: string) => (name.endsWith('[]') ? name.slice(0, -2) : name);

function add(target: Record<string, unknown>, key: string, value: unknown) {
  const current = target[key];
  if (current === undefined) target[key] = value;
  else if (Array.isArray(current)) current.push(value);
  else target[key] = [current, value];
}

/**
 * The request's form. Multipart parts are read in order; files are buffered (each at most
 * MAX_FILE_BYTES, else 413). More than `maxFiles` files answer 422 'too_many_files' under
 * `filesField`.
 */
export async function readForm(
  request: FastifyRequest,
  options: { maxFiles?: number; filesField?: string } = {},
): Promise<FormBody> {
  const { maxFiles = MAX_FILES_PER_PRODUCT, filesField = 'files' } = options;
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields: body && typeof body === 'object' ? { ...(body as object) } : {},
      files: {},
    };
  }
  const form: FormBody = { fields: {}, files: {} };
  const listed = new Set<string>();
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      const key = baseName(part.fieldname);
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        // A file input left empty arrives as a part with no name and no bytes.
        if (buffer.length || part.filename) (form.files[key] ??= []).push(buffer);
      } else {
        if (part.fieldname.endsWith('[]')) listed.add(key);
        add(form.fields, key, part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw invalid(filesField, 'too_many_files');
    throw error;
  }
  // `name[]` sent once is still a list.
  for (const key of listed) {
    const value = form.fields[key];
    if (!Array.isArray(value)) form.fields[key] = [value];
  }
  refuseNulBytes(form.fields);
  await countUploads(request, form);
  return form;
}

/**
 * Every upload route reads its form here (issue 29 item 8): a form with files counts as one upload
 * of the signed-in user (429 past USER_RATE_LIMITS.upload), and its files are marked as theirs,
 * so that the media queue takes them in turn with other people's (work-queue.ts).
 */
async function countUploads(request: FastifyRequest, form: FormBody): Promise<void> {
  const buffers = Object.values(form.files).flat();
  if (!buffers.length) return;
  const user = request.user;
  if (user && request.server.hasDecorator('limitUser')) {
    await request.server.limitUser('upload', user.id);
  }
  // An anonymous uploader's share is its address's limit key: one IPv6 /64 is one owner.
  const owner = user ? `user:${user.id}` : `address:${clientLimitKey(request)}`;
  for (const buffer of buffers) setUploadOwner(buffer, owner);
}

/** Parses form fields with a shared schema; 422 with each issue under its field, as routes do. */
export function parseForm<S extends z.ZodType>(schema: S, fields: unknown): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'global';
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  throw new HttpError(422, errors);
}
