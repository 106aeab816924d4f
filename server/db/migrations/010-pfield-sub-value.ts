import type { Kysely, Migration } from 'kysely';

// SPEC §3: a field's value may open a sub-field (a car brand → its models). The product keeps the
// sub-field's value beside the field's own, in the same row: null when there is none.
// Searches by sub-value name the field too, so product_pfield_value (pfield_id, value) serves them.

/* eslint-disable @typescript-eslint/no-explicit-any */
export const pfieldSubValue: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('product_pfield').addColumn('sub_value', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('product_pfield').dropColumn('sub_value').execute();
  },
};
