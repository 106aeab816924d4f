import type { Dialect, Executor } from '../../db/types';
import { COUNTED, olderMatches, onlyWords, type Row, type SearchQuery } from './search.repository';
import {
  ftsMatch,
  tierRanker,
  type SearchColumns,
  type Tier,
  type TieredWord,
} from './search-words';

// SQLite, words only, newest first (issue 30 item 3, docs/search.md "One read for the tiers"):
// the tiers after the first read from one FTS5 query over the broadest of them, each match given
// the narrowest tier its columns meet (tierRanker, search-words.ts), instead of one query per
// tier. Tier by tier, each tier's query reads again every term of the tiers before it (a prefix
// such as nouakchot* merges 200,000 postings each time).

/**
 * `on`: the tiers after the first are read this way (off: tier by tier, as PostgreSQL does);
 * `rows`: the matches one query reads. (An object so that a test can compare both ways, and walk
 * a small database in several reads.)
 */
export const walkTuning = { on: true, rows: COUNTED };

/**
 * The matches of `levels` (each level's FTS5 query, narrowest first, each holding the ones before
 * it), each with the narrowest level it meets (`rank`), newest first: enough of them that each
 * level's first `n` matches (those of it and the levels before) are among them, for every level
 * a tier-by-tier read would reach. `first`: every match of level 0 (fewer than `n`, read before).
 *
 * The broadest level is read first, newest first. Once the matches read reach `n` at some level
 * k, the levels above k are not needed (k's first `n` are known), and the levels below it must
 * be known in full: the older rows are read with level k - 1's query, and so on, until a read
 * ends before its limit (every match of its level is known) or k is 1 (level 0 is known).
 */
export async function walkLevels(
  db: Executor,
  levels: string[],
  rank: (row: SearchColumns) => number | null,
  first: number[],
  n = COUNTED,
): Promise<Map<number, number>> {
  const found = new Map<number, number>(first.map((id) => [id, 0]));
  // How many matches of each level the reads found (the first ones are read again, as level 0).
  const read = levels.map(() => 0);
  let level = levels.length - 1;
  let below = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await olderMatches(db, levels[level], below, walkTuning.rows);
    for (const row of rows) {
      // (The query's own level when the columns do not tell: FTS5 found it there.)
      const at = Math.min(rank(row) ?? level, level);
      found.set(Number(row.id), Math.min(found.get(Number(row.id)) ?? at, at));
      read[at]++;
    }
    if (rows.length < walkTuning.rows) break;
    below = Number(rows[rows.length - 1].id);
    // The narrowest level whose matches read so far reach n: the ones below it are needed whole.
    let sum = 0;
    const full = read.findIndex((count) => (sum += count) >= n);
    if (full !== -1 && full <= 1) break;
    if (full !== -1) level = full - 1;
  }
  return found;
}

/** The first `n` matches of `level` (and those before it) among `found`, newest first. */
export function firstOfLevel(found: Map<number, number>, level: number, n = COUNTED): Row[] {
  return [...found]
    .filter(([, at]) => at <= level)
    .map(([id]) => id)
    .sort((a, b) => b - a)
    .slice(0, n)
    .map((id) => ({ id, distance_km: null, price: null }));
}

/**
 * The tiers of a search after its first (`exact`: every match of the words as typed, fewer than
 * COUNTED), read by walkLevels when the search is SQLite's, by words only, newest first, and has
 * at least two tiers after the first that differ; for each tier (but near spellings), its first
 * `n` (COUNTED) matches newest first, as orderedRows reads them. Otherwise nothing: tier by tier.
 */
export async function walkedTiers(
  db: Executor,
  dialect: Dialect,
  query: SearchQuery,
  words: TieredWord[],
  tiers: readonly Tier[],
  exact: Row[],
  n = COUNTED,
): Promise<(tier: Tier) => Row[] | undefined> {
  const none = () => undefined;
  if (!walkTuning.on || dialect !== 'sqlite') return none;
  if (!onlyWords({ ...query, text: { fts: '', ts: '', words: [] } })) return none;
  const before = tiers.filter((t) => t !== 'typo');
  // Each tier's level: a tier adding nothing to the one before (the same query) shares its level.
  const levels: string[] = [];
  const levelOf = new Map<Tier, number>();
  for (const tier of before) {
    const fts = ftsMatch(words, tier, query.type);
    if (fts !== levels[levels.length - 1]) levels.push(fts);
    levelOf.set(tier, levels.length - 1);
  }
  if (levels.length < 3) return none;
  const ranker = tierRanker(words, before);
  const rank = (row: SearchColumns) => {
    const tier = ranker(row);
    return tier ? levelOf.get(tier)! : null;
  };
  const found = await walkLevels(
    db,
    levels,
    rank,
    exact.map((r) => Number(r.id)),
    n,
  );
  return (tier) => {
    const level = levelOf.get(tier);
    return level === undefined ? undefined : firstOfLevel(found, level, n);
  };
}
