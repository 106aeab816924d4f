import type { Dialect, Executor } from '../../db/types';
import type { QueryWord } from '../../../shared/domain/search-terms';
import type { Row } from './search.repository';
import { TIERS, tierRanker, tsQuery, type Tier } from './search-words';
import { idsMeeting, searchColumnsOf } from './search-lookups.repository';

// Generic words rank, they do not filter (issue 30, docs/search-quality.md): "toyota à vendre"
// finds every Toyota (queryTerms drops "vendre"), and among the matches of one tier the offers
// that say "à vendre" (or "للبيع": the words' every tier but near spellings) come first.

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

/**
 * Reorders `rows` (the search's first matches, tier by tier: `tierOf` counts each tier's, in
 * `tiers`' order) so that within each tier those holding any of `ranking` come first, the
 * search's order kept otherwise.
 */
export async function genericWordsFirst(
  db: Executor,
  dialect: Dialect,
  rows: Row[],
  tierOf: Map<Tier, number>,
  tiers: readonly Tier[],
  ranking: QueryWord[],
): Promise<void> {
  if (!ranking.length || rows.length < 2) return;
  const holding = await holdingAny(
    db,
    dialect,
    rows.map((row) => row.id),
    ranking,
  );
  let start = 0;
  for (const tier of tiers) {
    const count = tierOf.get(tier) ?? 0;
    const tierRows = rows.slice(start, start + count);
    const first = tierRows.filter((row) => holding.has(row.id));
    const rest = tierRows.filter((row) => !holding.has(row.id));
    rows.splice(start, count, ...first, ...rest);
    start += count;
  }
}
