import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { listed, pgTuning, withinList, wordsCells } from './search-conditions';
import { COUNTED, type SearchQuery } from './search.repository';
import { ftsLeads, onlyWords } from './search-fts';
import { indexedPfield, pfieldValueCondition } from './pfield-conditions';
import { RUM_INDEX } from '../../db/migrations/037-search-rum';
import { WORDS_CELLS } from '../../db/migrations/042-search-words-cells';
import { TAGGED_INDEX } from '../../db/migrations/045-search-tagged';

// Which index leads a search (DESIGN §7): how common its words and field values are, read from
// the indexes' statistics or by capped counts, decides what search.repository.ts reads first.
// One plan serves a tier's first rows and its later pages.

/**
 * SQLite: words matching `commonWords` products or more make the other filters lead (see
 * textCondition) and are read window by window (search.repository.ts). Below, reading the
 * products of every match by id is cheaper. (An object so that a test can read both ways on a
 * small database.)
 */
export const wordsTuning = { commonWords: 5000 };

/**
 * `fewValues`: a field value held by fewer products than this leads the search (its products
 * read first from the field's index); a commoner one is tested on the rows the other filters
 * lead to. (An object so that a test can read both ways on a small database.)
 */
export const pfieldTuning = { fewValues: 3000 };

/**
 * PostgreSQL, newest first: words whose share of the products (see middlingWords) is over
 * MATCHES_FIRST_MAX and up to `maxShare` are read from the RUM index when it exists (migration
 * 037): its postings of them, sorted by id in the index, then only the first matches' rows. Over
 * it, sorting every posting costs more than walking the newest products (prix, 38 %: 150 ms by
 * the walk, 750 by RUM at 1,000,000). (An object so that a test can read both ways: 0 never,
 * Infinity always, even without statistics.)
 */
export const rumTuning = { maxShare: 0.1 };

/** Most common elements and their shares (empty before ANALYZE), and the least of those shares. */
type Shares = { of: Map<string, number>; least: number };
/** An element's share: among the most common, or at most the least of those. */
const shareOf = (shares: Shares, element: string) => shares.of.get(element) ?? shares.least;

/**
 * The most common words of search_vector and their shares, the number of products, whether the
 * RUM index exists (valid), and the same shares for the tagged index's lexemes (migration 045) and
 * the place cells of migration 042's index (as text).
 */
type WordStats = { rows: number; rum: boolean } & Record<'words' | 'tagged' | 'cells', Shares>;
const wordStats = new WeakMap<object, { at: number; stats: Promise<WordStats> }>();
const WORD_STATS_MS = 10 * 60_000;
/** Up to this share of products, reading the matches first beats walking the primary key. */
const MATCHES_FIRST_MAX = 0.015;
/** The newest products tested to guess how far a walk for common words goes. */
const WALK_PROBE = 1000;

/**
 * PostgreSQL: the most common words of search_vector and their shares (empty before ANALYZE),
 * the number of products the planner counts, and whether the RUM index exists: read again every
 * WORD_STATS_MS (an index dropped or made meanwhile is seen then).
 */
export function commonWords(db: Executor): Promise<WordStats> {
  let cached = wordStats.get(db);
  if (!cached || Date.now() - cached.at > WORD_STATS_MS) {
    // Expression statistics are kept under the index's name (an index's plain columns have none).
    const stats = sql<{
      name: string | null;
      elems: string[] | null;
      freqs: number[] | null;
      rows: number | null;
      rum: boolean;
    }>`
      select stats.name, stats.elems, stats.freqs,
        (select reltuples from pg_class where relname = 'products') as rows,
        exists (select 1 from pg_index join pg_class on pg_class.oid = pg_index.indexrelid
          where pg_class.relname = ${RUM_INDEX} and pg_index.indisvalid) as rum
      from (select 1) one left join (select tablename as name,
          most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
        from pg_stats where (tablename = 'products' and attname = 'search_vector')
          or tablename in (${TAGGED_INDEX}, ${WORDS_CELLS})) stats on true`
      .execute(db)
      .then(({ rows }) => {
        const shares = (name: string) => {
          const row = rows.find((r) => r.name === name);
          const of = new Map((row?.elems ?? []).map((e, i) => [e, Number(row?.freqs?.[i] ?? 0)]));
          return { of, least: of.size ? Math.min(...of.values()) : 0 };
        };
        return {
          words: shares('products'),
          rows: Number(rows[0].rows ?? 0),
          rum: !!rows[0].rum,
          tagged: shares(TAGGED_INDEX),
          cells: shares(WORDS_CELLS),
        };
      });
    cached = { at: Date.now(), stats };
    wordStats.set(db, cached);
  }
  return cached.stats;
}

/**
 * PostgreSQL: whether the words' matches are few enough to be read from the text index and then
 * ordered, rather than found by walking the primary key newest first. Each word's share is the
 * sum of its terms' (its alternatives in the tier: stem, lexicon words, transliterations,
 * typos; the typed word as a prefix, the others whole), from the most common elements ANALYZE
 * keeps for search_vector (terms not among them are rarer); the rarest word bounds the share of
 * all of them together. Rare words matter as much as middling ones: a rare word with a dozen
 * alternatives was estimated at 12,000 matches, and the walk tested 490,000 rows (3.4 s for
 * 'ssavq' at 490,000 products, over the 5 s timeout under load).
 *
 * Words each common may still seldom meet ('voiture propre': 4 % and 22 % of the products, 0.1 %
 * together, every row tested), or always ('très bon état': 25 % each and together), and the
 * statistics count a word in any column (a subcategory's name is in all its products' related
 * words) where the first tier looks in the text only. So when the rarest word is common and
 * nothing but words is asked, the newest WALK_PROBE products are tested: from the matches among them, the walk's length is
 * guessed, and so is the number of matches (all the words together, when under the rarest
 * word's share); the walk is kept only when it reads fewer rows than those matches.
 *
 * 'few': read the matches first; 'rum': from the RUM index, newest first (`rum`: it may be, see
 * rumTuning); 'many': read the matches first, the walk being longer; false: walk.
 */
async function middlingWords(
  db: Executor,
  q: SearchQuery & { text: { ts: string; words: string[][] } },
  rum: boolean,
): Promise<'few' | 'rum' | 'many' | false> {
  const { words, rows } = await commonWords(db);
  const share = !words.of.size
    ? null
    : Math.min(
        ...q.text.words.map((terms) =>
          [...words.of].reduce(
            (sum, [elem, f]) =>
              terms.some((t) => (t.endsWith('*') ? elem.startsWith(t.slice(0, -1)) : elem === t))
                ? sum + f
                : sum,
            0,
          ),
        ),
      );
  if (share !== null && share <= MATCHES_FIRST_MAX) return 'few';
  if (rum && (share ?? Infinity) <= rumTuning.maxShare) return 'rum';
  if (share === null) return false;
  // With other filters the walk follows their index, which the probe would not measure; and
  // every tier would pay for it (prix + phones + used: 230 → 550 ms at 100,000).
  if (!onlyWords({ ...q, order: 'newest' })) return false;
  const probe = await sql<{ n: number }>`select count(*) as n from (select search_vector
    from products where type = ${q.type} and ${listed()}
    order by id desc limit ${WALK_PROBE}) newest
    where search_vector @@ to_tsquery('simple', ${q.text.ts})`.execute(db);
  const found = Number(probe.rows[0]?.n);
  const walked = found ? (COUNTED * WALK_PROBE) / found : Infinity;
  // The matches read first are those of every word together, which the probe's share estimates
  // better than the statistics (each word's alone): voiture propre's lexicon tier, 0.44 % of the
  // newest, read 4,423 matches first (6,131 rows, 0.46-0.52 s at 1,000,000) where the walk tested
  // 225,000 rows (0.7-1.1 s).
  const matches = pgTuning.probeMatches ? Math.min(share, found / WALK_PROBE) : share;
  return walked > matches * rows ? 'many' : false;
}

/**
 * PostgreSQL: how many products at most a tier's query matches in the tagged index (migration
 * 045), from its lexemes' shares among the most common elements ANALYZE keeps; a lexeme not among
 * them counts as the least common one. Null without those statistics (no index, no ANALYZE yet).
 */
export async function taggedMatches(
  db: Executor,
  text: NonNullable<SearchQuery['text']>,
): Promise<number | null> {
  const { tagged, rows } = await commonWords(db);
  if (!tagged.of.size || !text.taggedShare) return null;
  const share = text.taggedShare((lexeme, prefix) => {
    if (!prefix) return shareOf(tagged, lexeme);
    let sum = 0;
    for (const [e, f] of tagged.of) if (e.startsWith(lexeme)) sum += f;
    return Math.max(sum, tagged.least);
  });
  return share * rows;
}

/**
 * A match read from the tagged index and tested costs about as much as this many products of the
 * place cells read with the words (at 1,000,000: 2–2.2 µs a match, 0.06–0.1 µs a product of the
 * cells; iphone within 3 km of Nouakchott, 6,878 matches and 164,000 products in the cells: 64 ms
 * from the tagged index, 44–48 from the cells; voiture within 50 km, 7,684 and 541,000: 20–25
 * against 70).
 */
const CELL_PRODUCTS_PER_MATCH = 30;

/**
 * PostgreSQL, words read first (matchesFirst): whether from the tagged index (migration 045,
 * `taggedRead`: the tier's matches exactly, search-conditions.ts readsTagged). Within a whole
 * distance the place's cells are read with the words otherwise (wordsCells): the tagged index
 * then only when its matches are fewer than the products in the cells (from the statistics of
 * both indexes) by CELL_PRODUCTS_PER_MATCH.
 */
export async function taggedRead<Q extends SearchQuery>(
  db: Executor,
  dialect: Dialect,
  q: Q,
  /** The tier's tagged matches, when estimated already (taggedMatches). */
  estimated?: number | null,
): Promise<Q> {
  if (dialect !== 'postgres' || !q.matchesFirst || !q.text?.tagged || !pgTuning.tagged) return q;
  const cells = wordsCells(dialect, q);
  if (cells) {
    const { cells: shares, rows } = await commonWords(db);
    const matches = estimated === undefined ? await taggedMatches(db, q.text) : estimated;
    if (!shares.of.size || matches === null) return q;
    const inCells = cells.reduce((sum, cell) => sum + shareOf(shares, String(cell)), 0);
    if (matches * CELL_PRODUCTS_PER_MATCH >= Math.min(1, inCells) * rows) return q;
  }
  return { ...q, taggedRead: true };
}

/**
 * PostgreSQL: whether the words may be read newest first from the RUM index (migration 037):
 * when it exists and the search is newest first, unless a rare field value leads.
 */
async function byRum(db: Executor, q: SearchQuery): Promise<boolean> {
  if (!rumTuning.maxShare || q.order !== 'newest' || q.leadingPfield !== undefined) return false;
  return (await commonWords(db)).rum;
}

/**
 * The field value filter held by the fewest products, when under pfieldTuning.fewValues: each
 * indexed one is counted from its index, up to that (a capped count costs little; an exact one of a
 * common value would read all of it).
 */
async function leadingPfield(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
): Promise<number | undefined> {
  let best: { index: number; n: number } | undefined;
  for (const [index, f] of q.pfields.entries()) {
    if (!indexedPfield(f)) continue;
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1
      from product_pfield where pfield_id = ${f.pfieldId} and ${pfieldValueCondition(dialect, f)}
      limit ${pfieldTuning.fewValues}) found`.execute(db);
    const n = Number(rows[0]?.n);
    if (n < pfieldTuning.fewValues && (!best || n < best.n)) best = { index, n };
  }
  return best?.index;
}

/**
 * The query with the choices of this file made: words or filters first, a field value first.
 * `narrower`: the same search's plan for the tier before (tiers are cumulative: words common
 * there are common here too, and need not be counted again).
 */
export async function planned(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  narrower?: SearchQuery,
): Promise<SearchQuery> {
  // SQLite: only a subcategory (a category's), a shop or a place narrows enough to lead
  // instead of the words; not where the text index holds them and leads (ftsLeads: its one
  // query finds the words and those filters together, however common the words).
  const narrowing = withinList(q) || !!q.origin;
  if (dialect === 'sqlite' && q.text && narrowing && !ftsLeads(q)) {
    if (narrower?.commonWords) {
      q = { ...q, commonWords: true };
    } else {
      const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid
        from products_fts where products_fts match ${q.text.fts}
        limit ${wordsTuning.commonWords})`.execute(db);
      q = { ...q, commonWords: Number(rows[0]?.n) >= wordsTuning.commonWords };
    }
  }
  if (dialect === 'postgres' && q.text) {
    const words = await middlingWords(db, { ...q, text: q.text }, await byRum(db, q));
    // A category too: each of its subcategories is then walked newest first (orderedRows).
    // nouakchott + vehicles + negotiable at 1,000,000: the text index's 292,860 candidates ANDed
    // with each subcategory's, 14,000 rows tested each, 1.6-1.9 s; walked, 0.13-0.25 s.
    const narrow =
      q.psubcategoryIds.length > 0 ||
      (pgTuning.categoryWalk && q.pcategorySubcategoryIds !== undefined) ||
      q.shopId !== undefined;
    q =
      words === 'rum'
        ? // The words' postings lead, newest first (see orderedQuery).
          { ...q, rum: true, matchesFirst: false, commonWords: false }
        : { ...q, matchesFirst: !!words, commonWords: !words && narrow };
  }
  // (The same for every tier of a search: a query planned before keeps its choice.)
  if (q.pfields.some(indexedPfield) && !('leadingPfield' in q))
    q = { ...q, leadingPfield: await leadingPfield(db, dialect, q) };
  return taggedRead(db, dialect, q);
}
