import type { Kysely, Migration } from 'kysely';

// Issue 19 item 4 (docs/trust.md): the same photo posted by another account. Each product image's
// 64-bit perceptual hash (product_files.phash, migration 014) is also kept cut into bands
// (shared/domain/trust.ts `photoHashBands`): two hashes close enough to be one photo share at
// least one whole band, so near copies are found through this index instead of by reading every
// hash. The rows go with their file.

/* eslint-disable @typescript-eslint/no-explicit-any */
export const photoHashBands: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('photo_hash_bands')
      .addColumn('file_id', 'integer', (c) =>
        c.notNull().references('product_files.id').onDelete('cascade'),
      )
      .addColumn('band', 'integer', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('photo_hash_bands_pkey', ['band', 'value', 'file_id'])
      .execute();
    await db.schema
      .createIndex('photo_hash_bands_file')
      .on('photo_hash_bands')
      .column('file_id')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('photo_hash_bands').execute();
  },
};
