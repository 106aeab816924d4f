import type { Executor } from '../../db/types';
import type { QueryWord } from '../../../shared/domain/search-terms';
import type { Row } from './search.repository';
import { TIERS, tierRanker, type Tier } from './search-words';
import { searchColumnsOf } from './search-lookups.repository';

// Generic words rank, they do not filter (issue 30, docs/search-quality.md): "toyota à vendre"
// finds every Toyota (queryTerms drops "vendre"), and among the matches of one tier the offers
// that say "à vendre" (or "للبيع": the words' every tier but near spellings) come first.

/**
 * Reorders `rows` (the search's first matches, tier by tier: `tierOf` counts each tier's, in
 * `tiers`' order) so that within each tier those holding any of `ranking` come first, the
 * search's order kept otherwise.
 */
export async function genericWordsFirst(
  db: Executor,
  rows: Row[],
  tierOf: Map<Tier, number>,
  tiers: readonly Tier[],
  ranking: QueryWord[],
): Promise<void> {
  if (!ranking.length || rows.length < 2) return;
  const columns = await searchColumnsOf(
    db,
    rows.map((row) => row.id),
  );
  // A dropped word held in any tier but near spellings ("vendre" counts "vente", "للبيع").
  const wordTiers = TIERS.slice(0, TIERS.indexOf('transliteration') + 1);
  const rankers = ranking.map((word) => tierRanker([word], wordTiers));
  const holding = new Set(
    rows
      .filter((row) => {
        const own = columns.get(row.id);
        return !!own && rankers.some((rank) => rank(own) !== null);
      })
      .map((row) => row.id),
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
