import type { Dialect, Executor } from '../../db/types';
import type { QueryWord } from '../../../shared/domain/search-terms';
import { searchColumns } from '../../../shared/domain/search-index-terms';
import type { Row } from './search.repository';
import { TIERS, tierRanker, tsQuery, type SearchColumns, type Tier } from './search-words';
import { catalogueLabels } from './search-index';
import {
  idsMeeting,
  searchColumnsOf,
  subcategoriesNamed,
  subcategoryOf,
} from './search-lookups.repository';

// How a search's first matches are ordered besides tier then newest:
//
// - What the query names comes first: the offers of a subcategory a query word names ("voiture":
//   the cars), tier by tier, before those that only mention it ("Batterie voiture", a part, met
//   in its text where the cars meet "سيارة" through the lexicon). Only the subcategory's own
//   names count, as the index takes them (a part's "السيارات" is not its subject:
//   search-index-terms.ts).
// - Generic words rank, they do not filter (issue 30, docs/search-quality.md): "toyota à vendre"
//   finds every Toyota (queryTerms drops "vendre"), and among the matches of one tier the offers
//   that say "à vendre" (or "للبيع": the words' every tier but near spellings) come first.

/** A dropped word counts in any tier but near spellings ("vendre" counts "vente", "للبيع"). */
const WORD_TIER: Tier = 'transliteration';

/**
 * Which of `ids` hold any of `ranking`. PostgreSQL tests each row's search vector and sends back
 * the ids only (1,001 rows' three columns sent to be tested in JS: 21 ms at 1,000,000; the test
 * in the rows: 3 ms); SQLite, in the same process, reads the columns and tests them here.
 */
async function holdingAny(
  db: Executor,
  dialect: Dialect,
  ids: number[],
  ranking: QueryWord[],
): Promise<Set<number>> {
  if (dialect === 'postgres') {
    const query = ranking.map((word) => `(${tsQuery([word], WORD_TIER)})`).join(' | ');
    return new Set(await idsMeeting(db, ids, query));
  }
  const columns = await searchColumnsOf(db, ids);
  const rankers = ranking.map((word) =>
    tierRanker([word], TIERS.slice(0, TIERS.indexOf(WORD_TIER) + 1)),
  );
  return new Set(
    ids.filter((id) => {
      const own = columns.get(id);
      return !!own && rankers.some((rank) => rank(own) !== null);
    }),
  );
}

/** The catalogue terms a word meets through its related words: the catalogue tier's. */
const CATALOGUE_TIERS = TIERS.slice(0, TIERS.indexOf('related') + 1);

/** Query words' answers kept per catalogue (cleared when full: no input grows the memory). */
const NAMED_KEPT = 1_000;

/**
 * The catalogue as last read: its subcategories' names as the index takes them, and the answers
 * of namedSubcategories so far. Made again when a name changes (a few hundred rows are read and
 * compared per search; their columns take milliseconds to make, and tested for a word, more).
 */
let catalogue: {
  key: string;
  columns: { id: number; columns: SearchColumns }[];
  named: Map<string, Set<number>>;
} | null = null;

/**
 * The subcategories any of `words` names: those whose names alone (as an offer of no words of
 * its own would be indexed in it) meet a word at the catalogue tier.
 */
async function namedSubcategories(db: Executor, words: QueryWord[]): Promise<Set<number>> {
  if (!words.length) return new Set();
  const subcategories = await subcategoriesNamed(db);
  const key = JSON.stringify(subcategories);
  if (catalogue?.key !== key) {
    catalogue = {
      key,
      columns: subcategories.map((sub) => ({
        id: sub.id,
        columns: searchColumns([], catalogueLabels([sub])),
      })),
      named: new Map(),
    };
  }
  const asked = JSON.stringify(words);
  let named = catalogue.named.get(asked);
  if (!named) {
    const rankers = words.map((word) => tierRanker([word], CATALOGUE_TIERS));
    named = new Set(
      catalogue.columns
        .filter(({ columns }) => rankers.some((rank) => rank(columns) !== null))
        .map(({ id }) => id),
    );
    if (catalogue.named.size >= NAMED_KEPT) catalogue.named.clear();
    catalogue.named.set(asked, named);
  }
  return named;
}

/** Which of `rows` are of a subcategory the query's words name (namedSubcategories). */
async function ofNamedSubcategory(
  db: Executor,
  dialect: Dialect,
  rows: Row[],
  words: QueryWord[],
): Promise<Set<number>> {
  const named = await namedSubcategories(db, words);
  if (!named.size) return new Set();
  const subcategories = await subcategoryOf(
    db,
    dialect,
    rows.map((row) => row.id),
  );
  return new Set(rows.filter((row) => named.has(subcategories.get(row.id)!)).map((row) => row.id));
}

/**
 * Reorders `rows` (the search's first matches, tier by tier: `tierOf` counts each tier's, in
 * `tiers`' order): those of a subcategory `words` name first, tier by tier, then the others,
 * tier by tier; within each tier of each, those holding any of `ranking` first; the search's
 * order kept otherwise.
 */
export async function rankFirstMatches(
  db: Executor,
  dialect: Dialect,
  rows: Row[],
  tierOf: Map<Tier, number>,
  tiers: readonly Tier[],
  words: QueryWord[],
  ranking: QueryWord[],
): Promise<void> {
  if (rows.length < 2) return;
  const [subject, generic] = await Promise.all([
    ofNamedSubcategory(db, dialect, rows, words),
    ranking.length
      ? holdingAny(
          db,
          dialect,
          rows.map((row) => row.id),
          ranking,
        )
      : new Set<number>(),
  ]);
  if (!subject.size && !generic.size) return;
  // Groups in their order: subject or not, then tier, then generic word or not; each keeps the
  // search's order (a stable partition, no sort).
  const groups = Array.from({ length: 2 * tiers.length * 2 }, (): Row[] => []);
  let position = 0;
  tiers.forEach((tier, level) => {
    for (let n = tierOf.get(tier) ?? 0; n > 0 && position < rows.length; n--, position++) {
      const row = rows[position];
      const other = subject.has(row.id) ? 0 : 1;
      groups[(other * tiers.length + level) * 2 + (generic.has(row.id) ? 0 : 1)].push(row);
    }
  });
  rows.splice(0, position, ...groups.flat());
}
