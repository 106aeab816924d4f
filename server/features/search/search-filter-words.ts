// The words a product's filters are indexed by in SQLite's text index (migration 047's column
// search_filters): the migration's expression writes them from the row, the search asks for them
// (search-fts.ts ftsQuery). No import: a migration and the search both read this file.

/** The text index's column of a product's filters. */
export const FILTERS_COLUMN = 'search_filters';

/**
 * The word of each filter in that column (the query's side, search-fts.ts ftsQuery, and
 * migration 047's expression must agree): a letter and the value, the offer type and the
 * yes/no flags by their first letter (sale, buy, monthly_rent, hourly_rent: s, b, m, h).
 */
export const filterWords = {
  subcategory: (id: number) => `s${id}`,
  shop: (id: number) => `h${id}`,
  offerType: (type: string) => `o${type.charAt(0)}`,
  flag: (name: 'negotiable' | 'used' | 'delivery', value: string) =>
    `${name.charAt(0)}${value.charAt(0)}`,
};
