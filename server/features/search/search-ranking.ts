import type { Executor } from '../../db/types';
import type { QueryWord } from '../../../shared/domain/search-terms';
import type { Row } from './search.repository';
import { tierText, type Tier } from './search-words';
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
  type: string,
): Promise<void> {
  if (!ranking.length || rows.length < 2) return;
  const columns = await searchColumnsOf(
    db,
    rows.map((row) => row.id),
  );
  const tests = ranking.map((word) => tierText([word], 'transliteration', type).test);
  const holds = (row: Row) => {
    const own = columns.get(row.id);
    return !!own && tests.some((test) => test(own));
  };
  let start = 0;
  for (const tier of tiers) {
    const count = tierOf.get(tier) ?? 0;
    const tierRows = rows.slice(start, start + count);
    const [first, rest] = [tierRows.filter(holds), tierRows.filter((row) => !holds(row))];
    rows.splice(start, count, ...first, ...rest);
    start += count;
  }
}
