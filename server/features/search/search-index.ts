import type { Executor } from '../../db/types';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import * as lookups from './search-lookups.repository';
import arCatalog from '../../../shared/locales/ar/catalog.json';
import frCatalog from '../../../shared/locales/fr/catalog.json';

// What a product's row holds for the search (DESIGN §7, §11): its text as written, its stems and
// related words (shared/domain/search-terms.ts), the latter with its category and subcategory
// names. The products feature writes these on every create and update; triggers then keep the
// text indexes and the vocabulary (search_terms) in step (migration 009).

export interface SearchableTexts {
  name: string;
  name_ar?: string | null;
  name_fr?: string | null;
  more_infos_ar?: string | null;
  more_infos_fr?: string | null;
}

interface Named {
  name: string;
  name_ar: string | null;
  name_fr: string | null;
}

const LABELS: Record<string, string>[] = [arCatalog, frCatalog];

/**
 * The names a catalogue entry is shown by, both languages: its key (DESIGN §6: seeded names are
 * dictionary keys, `cars`), the dictionaries' labels of that key, and the admin's own labels.
 */
export function catalogueLabels(entries: Named[]): string[] {
  const names = entries.flatMap((e) => [
    e.name,
    e.name_ar,
    e.name_fr,
    ...LABELS.map((labels) => (Object.hasOwn(labels, e.name) ? labels[e.name] : null)),
  ]);
  return [...new Set(names.filter((n): n is string => !!n))];
}

/** The names of a subcategory and of its category, both languages. */
export async function catalogueNames(
  db: Executor,
  psubcategoryId: number,
): Promise<{ subcategory: string[]; category: string[] }> {
  const row = await lookups.catalogueNamesOf(db, psubcategoryId);
  return {
    subcategory: row
      ? catalogueLabels([{ name: row.sub, name_ar: row.sub_ar, name_fr: row.sub_fr }])
      : [],
    category: row
      ? catalogueLabels([{ name: row.cat, name_ar: row.cat_ar, name_fr: row.cat_fr }])
      : [],
  };
}

/** The search columns of a product of this subcategory. */
export async function searchColumnsOf(db: Executor, p: SearchableTexts, psubcategoryId: number) {
  const names = await catalogueNames(db, psubcategoryId);
  return searchColumns(
    [p.name, p.name_ar, p.name_fr, p.more_infos_ar, p.more_infos_fr],
    names.subcategory,
    names.category,
  );
}

/** Products re-indexed per read (a rename runs in the admin's transaction). */
const REINDEX_BATCH = 500;

/**
 * A category or subcategory was renamed (or a subcategory moved): the products of these
 * subcategories get their search columns again, so that the new names count in the search and
 * the old ones no longer do. Only rows whose columns change are written. Returns how many.
 */
export async function reindexSubcategories(
  db: Executor,
  psubcategoryIds: number[],
): Promise<number> {
  let written = 0;
  for (const id of psubcategoryIds) {
    const names = await catalogueNames(db, id);
    for (let after = 0; ;) {
      const rows = await lookups.productTextsIn(db, [id], after, REINDEX_BATCH);
      if (!rows.length) break;
      for (const p of rows) {
        const columns = searchColumns(
          [p.name, p.name_ar, p.name_fr, p.more_infos_ar, p.more_infos_fr],
          names.subcategory,
          names.category,
        );
        if (
          columns.search_text !== p.search_text ||
          columns.search_stems !== p.search_stems ||
          columns.search_related !== p.search_related
        ) {
          await lookups.setSearchColumns(db, p.id, columns);
          written++;
        }
      }
      after = rows.at(-1)!.id;
    }
  }
  return written;
}

/** A category was renamed: the products of all its subcategories are re-indexed. */
export async function reindexCategory(db: Executor, pcategoryId: number): Promise<number> {
  return reindexSubcategories(db, await lookups.subcategoriesOf(db, pcategoryId));
}
