import type { Dialect, Executor } from '../../db/types';
import { anyColumnQuery, pgTuning } from './search-conditions';
import {
  COUNTED,
  orderedRows,
  type FlaggedRow,
  type Row,
  type SearchQuery,
} from './search.repository';
import { planned } from './search-plan';
import { tierText, type Tier, type TieredWord } from './search-words';

// PostgreSQL: a search's first two tiers read once (docs/search.md, "PostgreSQL: two tiers read
// once (session 18)"). The stem tier's index read finds the exact tier's candidates and more
// (tiers are cumulative; "voiture propre": both read `voiture & propre` from RUM, 66-68 ms each
// at 1,000,000, the tiers differing only in the weights tested on the row). So the broader tier
// is read, each row saying in SQL whether it meets the narrower tier too (SearchQuery.alsoMeets:
// one boolean in the select list, not JS over the columns: session 14). A read that ended before
// its limit found every match: the narrower tier's rows are exactly the flagged ones, newest
// first, and its own read is skipped. One that reached it found the narrower tier's rows down to
// its last row only: the rest are read below it (SearchQuery.belowId). Each tier's bumps are
// then merged as when it is read alone (withBumps, given the rows).

/** The plan choices that decide a tier's read (search-plan.ts): both tiers' must be the same. */
const PLAN_KEYS = ['rum', 'matchesFirst', 'commonWords', 'leadingPfield'] as const;

/**
 * Whether the narrower tier (planned) may share its read: PostgreSQL, newest first, not within a
 * distance (search-nearest.ts reads radius by radius), and its words' matches read first (every
 * one is read either way), or several words read from RUM or with a subcategory walked (together
 * they seldom meet: "voiture propre", 871 products where each word is in 28,000 and 220,000).
 * Not one word read from RUM or walked: it is common, its tier alone most likely gives its
 * COUNTED rows, and the shared read would test each of them twice (toyota + cars + price at
 * 1,000,000: 50 → 73 ms; prix + phones + used 97 → 110), and the broader tier planned for
 * nothing (a probe).
 */
export function mayShare(dialect: Dialect, narrower: SearchQuery): boolean {
  return (
    dialect === 'postgres' &&
    pgTuning.sharedTiers &&
    narrower.text !== undefined &&
    narrower.order === 'newest' &&
    !narrower.origin &&
    (!!narrower.matchesFirst ||
      ((!!narrower.rum || !!narrower.commonWords) && narrower.text.words.length > 1))
  );
}

/**
 * Whether `broader` (the next tier, planned) may be read for both (mayShare): the same plan, one
 * query (not a category's subcategories merged, see orderedRows), each word's terms in the
 * broader tier holding the narrower's. From RUM, the same terms: RUM sorts every posting of the
 * terms read (سيارة: its stem's postings too, 22 → 29 ms for the exact tier's rows alone).
 */
export function shareable(dialect: Dialect, narrower: SearchQuery, broader: SearchQuery): boolean {
  if (!mayShare(dialect, narrower) || !broader.text || !narrower.text) return false;
  if (PLAN_KEYS.some((k) => narrower[k] !== broader[k])) return false;
  const oneQuery =
    !!broader.rum ||
    broader.psubcategoryIds.length > 0 ||
    (broader.pcategorySubcategoryIds?.length ?? 0) < 2;
  const words = broader.text.words;
  const covers =
    narrower.text.words.length === words.length &&
    narrower.text.words.every((terms, i) => terms.every((t) => words[i].includes(t)));
  const sameRead = !broader.rum || anyColumnQuery(words) === anyColumnQuery(narrower.text.words);
  return oneQuery && covers && sameRead;
}

/**
 * The first COUNTED rows of each tier in the search's order (before bumps), from one read of the
 * broader tier (and, when that read reached its limit before the narrower tier's, the rest of
 * the narrower tier's below it).
 */
export async function sharedRead(
  db: Executor,
  dialect: Dialect,
  narrower: SearchQuery & { text: NonNullable<SearchQuery['text']> },
  broader: SearchQuery,
): Promise<{ narrow: Row[]; broad: Row[] }> {
  const read = (await orderedRows(
    db,
    dialect,
    { ...broader, alsoMeets: narrower.text },
    COUNTED,
    0,
  )) as FlaggedRow[];
  const row = ({ id, distance_km, price }: FlaggedRow): Row => ({ id, distance_km, price });
  const broad = read.map(row);
  const narrow = read.filter((r) => r.narrower).map(row);
  if (read.length === COUNTED && narrow.length < COUNTED) {
    const below = Number(read[read.length - 1].id);
    narrow.push(
      ...(await orderedRows(
        db,
        dialect,
        { ...narrower, belowId: below },
        COUNTED - narrow.length,
        0,
      )),
    );
  }
  return { narrow, broad };
}

/**
 * The first two of `tiers` planned and, where they may, read once (above), ahead of their turn:
 * each one's plan and first rows (before bumps), by tier; empty maps where nothing was done.
 */
export async function readAhead(
  db: Executor,
  dialect: Dialect,
  query: SearchQuery,
  words: TieredWord[],
  tiers: readonly Tier[],
  last: SearchQuery,
): Promise<{ plans: Map<Tier, SearchQuery>; reads: Map<Tier, Row[]> }> {
  const plans = new Map<Tier, SearchQuery>();
  const reads = new Map<Tier, Row[]>();
  const [tier, next] = tiers;
  if (dialect !== 'postgres' || !pgTuning.sharedTiers || !next || next === 'typo') {
    return { plans, reads };
  }
  const text = tierText(words, tier, query.type);
  const broader = tierText(words, next, query.type);
  if (broader.fts === text.fts) return { plans, reads };
  const narrow = await planned(db, dialect, { ...query, text }, last);
  plans.set(tier, narrow);
  if (!mayShare(dialect, narrow)) return { plans, reads };
  const broad = await planned(db, dialect, { ...query, text: broader }, narrow);
  plans.set(next, broad);
  if (!shareable(dialect, narrow, broad)) return { plans, reads };
  const shared = await sharedRead(db, dialect, { ...narrow, text }, broad);
  reads.set(tier, shared.narrow);
  reads.set(next, shared.broad);
  return { plans, reads };
}
