import type { Kysely, Migration } from 'kysely';
import { writeSearchColumns } from './009-search-terms';

// Issue 30 item 2 (docs/search-quality.md): what a product's index holds changed — an ending
// that would turn one lexicon word into another stays on (شاحنة is not شاحن), catalogue names
// count by their own words (not "maison" of "Linge de maison", nor the home goods' "Maison"),
// names of several words are also one term (darnaim). Products written before get their stems
// and related words again; only rows whose columns change are written (the triggers then keep
// the text indexes and the vocabulary in step, as for any edit).

/* eslint-disable @typescript-eslint/no-explicit-any */
export const searchFamilies: Migration = {
  async up(db: Kysely<any>) {
    await writeSearchColumns(db);
  },
  // The columns of the version before cannot be told apart from these: nothing to undo.
  async down() {},
};
