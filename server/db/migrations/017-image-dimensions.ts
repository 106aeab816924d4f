import type { Kysely, Migration } from 'kysely';

// Issue 16 item 4: the pixel sizes of a product file's original and small image (a video's
// poster), so that pages give `srcset` its `w` descriptors and `width`/`height` before the image
// arrives (no layout shift). Null until known: files stored before this migration get them from the
// backfill that runs at start (server/media/dimensions-backfill.ts).

const COLUMNS = ['width', 'height', 'small_width', 'small_height'] as const;

/* eslint-disable @typescript-eslint/no-explicit-any */
export const imageDimensions: Migration = {
  async up(db: Kysely<any>) {
    for (const column of COLUMNS) {
      await db.schema.alterTable('product_files').addColumn(column, 'integer').execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const column of COLUMNS) {
      await db.schema.alterTable('product_files').dropColumn(column).execute();
    }
  },
};
