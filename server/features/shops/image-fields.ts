import { type Media, type PreparedFile } from '../../media/media';
import type { DB, Dialect } from '../../db/types';
import { HttpError, invalid } from '../../errors';

// Columns that hold one image each (shop logo and cover, user photo and cover): the upload of a
// form is checked and converted before anything is written, the new name goes into the column in
// the request's transaction, and the file it replaces is removed once that transaction commits.

/** What writes that store images need: the database, its engine (for row locks), the media store. */
export interface WriteDeps {
  db: DB;
  dialect: Dialect;
  media: Media;
}

/** Uploaded files by form field (`readForm`); each image field takes one. */
export type Uploads = Record<string, Buffer[]>;

export type PreparedImages<F extends string> = Partial<Record<F, PreparedFile>>;

/**
 * Checks and converts the image of each field (one file each; images only: a video answers
 * `file_type_not_allowed` like an SVG). Nothing is written. Every field is checked, so their
 * 422s come together.
 */
export async function prepareImages<F extends string>(
  media: Media,
  files: Record<string, Buffer[]>,
  fields: readonly F[],
): Promise<PreparedImages<F>> {
  const prepared: PreparedImages<F> = {};
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const buffers = files[field] ?? [];
    if (!buffers.length) continue;
    try {
      if (buffers.length > 1) throw invalid(field, 'too_many_files');
      const [file] = await media.prepare(buffers, field, { imagesOnly: true });
      prepared[field] = file;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
      Object.assign(errors, error.errors);
    }
  }
  if (Object.keys(errors).length) throw new HttpError(422, errors);
  return prepared;
}

export function preparedList<F extends string>(prepared: PreparedImages<F>): PreparedFile[] {
  return Object.values<PreparedFile | undefined>(prepared).filter(
    (file): file is PreparedFile => !!file,
  );
}

/**
 * What the image columns become — the new upload's name, or null where the body clears the field
 * — and the names whose files lose their row (to remove after the commit). `current` must be read
 * under the row's lock, so that two edits at once each remove what they replaced.
 */
export function imageChanges<F extends string>(
  fields: readonly F[],
  current: Record<F, string | null>,
  body: Partial<Record<F, null | undefined>>,
  prepared: PreparedImages<F>,
): { changes: Partial<Record<F, string | null>>; replaced: string[] } {
  const changes: Partial<Record<F, string | null>> = {};
  const replaced: string[] = [];
  for (const field of fields) {
    const next = prepared[field]?.name ?? (body[field] === null ? null : undefined);
    if (next === undefined) continue;
    changes[field] = next;
    const old = current[field];
    if (old && old !== next) replaced.push(old);
  }
  return { changes, replaced };
}
