import type { Executor } from '../../db/types';
import { searchColumns } from '../../../shared/domain/search-terms';

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

/** The names of a subcategory and of its category, both languages. */
export async function catalogueNames(db: Executor, psubcategoryId: number): Promise<string[]> {
  const row = await db
    .selectFrom('psubcategories')
    .innerJoin('pcategories', 'pcategories.id', 'psubcategories.pcategory_id')
    .select([
      'psubcategories.name as sub',
      'psubcategories.name_ar as sub_ar',
      'psubcategories.name_fr as sub_fr',
      'pcategories.name as cat',
      'pcategories.name_ar as cat_ar',
      'pcategories.name_fr as cat_fr',
    ])
    .where('psubcategories.id', '=', psubcategoryId)
    .executeTakeFirst();
  return row
    ? [row.sub, row.sub_ar, row.sub_fr, row.cat, row.cat_ar, row.cat_fr].filter(
        (t): t is string => !!t,
      )
    : [];
}

/** The search columns of a product of this subcategory. */
export async function searchColumnsOf(db: Executor, p: SearchableTexts, psubcategoryId: number) {
  return searchColumns(
    [p.name, p.name_ar, p.name_fr, p.more_infos_ar, p.more_infos_fr],
    await catalogueNames(db, psubcategoryId),
  );
}
