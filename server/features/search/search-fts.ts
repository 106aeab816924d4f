import type { SearchQuery } from './search.repository';
import { categorySubcategories, filtersBesideWords } from './search-conditions';
import { filterWords, FILTERS_COLUMN } from './search-filter-words';
import { quoted } from './search-words';

// SQLite: the FTS5 query of a search's read (its words, search-words.ts `ftsMatch`, and the
// filters migration 047 put in the text index), and whether the text index leads the read.

/**
 * SQLite: where the text index leads a read newest first (ftsLeads, search.repository.ts
 * ftsLedRows), the search's subcategory (a category's), shop, offer type and flags are asked of
 * it too, where migration 047 put them (`filtersInIndex`): words and filters meet inside one FTS5
 * query, which stops at the read's limit. Their conditions stay on the rows as well. Elsewhere
 * (the words' list, `textCondition`, and the counts of search-plan.ts and search-nearest.ts) the
 * words alone: a list of words and filters costs FTS5 every posting of each, however few it
 * holds (prix + phones within 20 km of Kiffa at 1,000,000: 20 → 245 ms). (An object so that a
 * test can read both ways.)
 */
export const ftsTuning = { filtersInIndex: true };

/** SQLite: a tier's FTS5 query (its words and the type) with the filters the index holds. */
export function ftsQuery(q: SearchQuery & { text: { fts: string } }): string {
  if (!ftsTuning.filtersInIndex) return q.text.fts;
  const filters: string[][] = [];
  if (q.shopId !== undefined) filters.push([filterWords.shop(q.shopId)]);
  if (q.psubcategoryIds.length) filters.push(q.psubcategoryIds.map(filterWords.subcategory));
  const category = categorySubcategories(q);
  if (category) filters.push(category.map(filterWords.subcategory));
  if (q.offerType) filters.push([filterWords.offerType(q.offerType)]);
  for (const flag of ['negotiable', 'used', 'delivery'] as const) {
    const value = q[flag];
    if (value) filters.push([filterWords.flag(flag, value)]);
  }
  return [
    q.text.fts,
    ...filters.map((any) => `${FILTERS_COLUMN} : (${any.map(quoted).join(' OR ')})`),
  ].join(' AND ');
}

/**
 * SQLite, newest first: whether the text index leads the read (search.repository.ts ftsLedRows):
 * words, no place, no field value, and no filter the index does not hold but prices (tested on
 * the rows of its matches).
 */
export const ftsLeads = (q: SearchQuery): q is SearchQuery & { text: { fts: string } } =>
  ftsTuning.filtersInIndex ? wordsNewest(q) && !q.pfields.length : onlyWords(q);

/** Words, newest first, no place. */
const wordsNewest = (q: SearchQuery) => q.text !== undefined && q.order === 'newest' && !q.origin;

/** Words and nothing else asked (but the type), newest first. */
export const onlyWords = (q: SearchQuery): q is SearchQuery & { text: { fts: string } } =>
  wordsNewest(q) && !filtersBesideWords(q);
