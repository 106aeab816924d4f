import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import { catalogueLabels } from '../../features/search/search-index';

// Issue 30 item 2 (docs/search-quality.md): what a product's index holds changed — an ending
// that would turn one lexicon word into another stays on (شاحنة is not شاحن), catalogue names
// count by their own words (not "maison" of "Linge de maison", nor the home goods' "Maison"),
// names of several words are also one term (darnaim). Products written before get their stems
// and related words again; only rows whose columns change are written (the triggers then keep
// the text indexes and the vocabulary in step, as for any edit).

const BATCH = 1000;

/* eslint-disable @typescript-eslint/no-explicit-any */
export function searchFamilies(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      // A large table takes longer than the server's statement timeout (5 s).
      if (dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
      for (let after = 0; ;) {
        const rows = await db
          .selectFrom('products')
          .innerJoin('psubcategories', 'psubcategories.id', 'products.psubcategory_id')
          .innerJoin('pcategories', 'pcategories.id', 'psubcategories.pcategory_id')
          .select([
            'products.id',
            'products.name',
            'products.name_ar',
            'products.name_fr',
            'products.more_infos_ar',
            'products.more_infos_fr',
            'products.search_stems',
            'products.search_related',
            'psubcategories.name as sub',
            'psubcategories.name_ar as sub_ar',
            'psubcategories.name_fr as sub_fr',
            'pcategories.name as cat',
            'pcategories.name_ar as cat_ar',
            'pcategories.name_fr as cat_fr',
          ])
          .where('products.id', '>', after)
          .orderBy('products.id')
          .limit(BATCH)
          .execute();
        if (!rows.length) return;
        for (const r of rows) {
          const columns = searchColumns(
            [r.name, r.name_ar, r.name_fr, r.more_infos_ar, r.more_infos_fr],
            catalogueLabels([{ name: r.sub, name_ar: r.sub_ar, name_fr: r.sub_fr }]),
            catalogueLabels([{ name: r.cat, name_ar: r.cat_ar, name_fr: r.cat_fr }]),
          );
          if (
            columns.search_stems === r.search_stems &&
            columns.search_related === r.search_related
          ) {
            continue;
          }
          await db
            .updateTable('products')
            .set({ search_stems: columns.search_stems, search_related: columns.search_related })
            .where('id', '=', r.id)
            .execute();
        }
        after = rows.at(-1)!.id;
      }
    },
    // The columns of the version before cannot be told apart from these: nothing to undo.
    async down() {},
  };
}
