import type { DB, Dialect, Executor } from '../../db/types';
import { HttpError, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { toPagination, type Pagination } from '../../../shared/schemas/common';
import {
  SEARCH_SOURCES,
  SEARCH_TOTAL_MAX,
  type SearchBody,
  type SearchCard,
  type SearchInterpreted,
} from '../../../shared/schemas/search';
import { viewerMarks } from '../products/cards.repository';
import { toProductCard, viewerStateOf } from '../products/products.mapper';
import { availabilityOfCards } from '../rentals/rentals.service';
import { parsePfieldFilters, parsePfieldSubFilters, pfieldEntries } from './pfield-filters';
import {
  deletionKeys,
  editDistance,
  isLexiconWord,
  queryTerms,
  rankingTerms,
  typoBudget,
  type QueryWord,
} from '../../../shared/domain/search-terms';
import { TIERS, tierRanker, tierText, type Tier, type TieredWord } from './search-words';
import * as repo from './search.repository';
import { fewCandidates, type Candidate } from './search-candidates';
import { firstRows, searchPage } from './search-nearest';
import { laterRows, withBumps } from './search-bumps.repository';
import { readAhead } from './search-shared-tiers';
import { planned } from './search-plan';
import { withinList } from './search-conditions';
import { rankFirstMatches } from './search-ranking';
import * as lookups from './search-lookups.repository';

// SPEC §7's search: where to look (source), what to match (DESIGN §7, §11: the language
// pipeline and its tiers), in which order.

/**
 * Near spellings (the typo tier) are tried when the other tiers found fewer matches than this:
 * only when they found nothing (with a few, a near spelling of a short stem adds noise).
 */
export const TYPO_BELOW = 1;
/** The vocabulary's nearest terms tried for a mistyped word, the commonest first. */
const TYPO_CANDIDATES = 5;

async function sourceFilter(db: Executor, sourceName: string, sourceId: number) {
  if (!(SEARCH_SOURCES as readonly string[]).includes(sourceName)) throw notFound();
  if (sourceName === 'shop') {
    if (!(await lookups.shopExists(db, sourceId))) throw notFound();
    return { shopId: sourceId };
  }
  if (sourceName === 'psubcategory') {
    if (!(await lookups.subcategoryExists(db, sourceId))) throw notFound();
    return { psubcategoryId: sourceId };
  }
  return {};
}

async function toQuery(
  db: Executor,
  sourceName: string,
  sourceId: number,
  body: SearchBody,
): Promise<repo.SearchQuery> {
  const source = await sourceFilter(db, sourceName, sourceId);
  const subcategories = [source.psubcategoryId, body.psubcategory_id].filter(
    (id): id is number => id !== undefined,
  );
  const { entries, subEntries, errors: keyErrors } = pfieldEntries(body);
  if (Object.keys(keyErrors).length) throw new HttpError(422, keyErrors);
  const fields = await lookups.pfieldsByIds(db, [
    ...new Set([...entries.keys(), ...subEntries.keys()]),
  ]);
  const { filters, errors } = parsePfieldFilters(fields, entries, subcategories[0]);
  const sub = parsePfieldSubFilters(fields, subEntries);
  if (Object.keys({ ...errors, ...sub.errors }).length) {
    throw new HttpError(422, { ...errors, ...sub.errors });
  }
  const hasOrigin = body.latitude !== undefined && body.longitude !== undefined;
  return {
    type: body.type,
    // With a distance, nearest first unless asked otherwise (SPEC §7's order).
    order: body.sort ?? (hasOrigin && body.distance !== undefined ? 'nearest' : 'newest'),
    shopId: source.shopId,
    // The source's subcategory and the body's must both hold: two different ones match nothing.
    psubcategoryIds: new Set(subcategories).size > 1 ? [0] : [...new Set(subcategories)],
    pcategorySubcategoryIds:
      body.pcategory_id === undefined
        ? undefined
        : await lookups.subcategoriesOf(db, body.pcategory_id),
    minPrice: body.min_price,
    maxPrice: body.max_price,
    negotiable: body.negotiable,
    used: body.used,
    delivery: body.delivery,
    offerType: body.offer_type,
    origin: hasOrigin ? { latitude: body.latitude!, longitude: body.longitude! } : undefined,
    distanceKm: body.distance,
    pfields: [...filters, ...sub.filters],
    bumps: new Map(),
  };
}

/** km with metre precision: enough to show and to order by. */
const roundKm = (km: number | null) =>
  km === null || km === undefined ? null : Math.round(Number(km) * 1000) / 1000;

type Interpreted = SearchInterpreted;

/**
 * The vocabulary's words nearest to a word's stem, within its typo budget (none: []). A word the
 * lexicon or the vocabulary knows is not a typo: it is never turned into another known word
 * (issue 30: chamois is not camion).
 */
async function typosOf(db: DB, w: QueryWord): Promise<string[]> {
  // The budget of what is compared: the stem (السيارات: 8 letters, its stem سيار 4).
  const budget = typoBudget(w.stem);
  if (!budget || isLexiconWord(w.word)) return [];
  let best = budget + 1;
  let found: { term: string; count: number }[] = [];
  // Only the terms sharing a deletion variant with the stem (an index look-up, migration 011).
  const near = await lookups.termsNear(db, deletionKeys(w.stem, budget));
  if (near.some((t) => t.term === w.stem)) return [];
  for (const t of near) {
    const d = editDistance(w.stem, t.term, budget);
    if (d > budget) continue;
    if (d < best) [best, found] = [d, [t]];
    else if (d === best) found.push(t);
  }
  return found
    .sort((a, b) => b.count - a.count)
    .slice(0, TYPO_CANDIDATES)
    .map((t) => t.term);
}

/**
 * SQLite: filters leaving at most this many products (a subcategory near a place, a shop) make
 * the search read them all with their columns and rank them in JS (see rankedCandidates). An
 * object so that a test can turn it off (0).
 */
export const candidateTuning = { max: 2000 };

/**
 * Whether a subcategory, a category, a shop or a place narrows the search (its products are
 * then counted from their index). Not with field values: counting would read them one by one
 * (Samsung phones at 1,000,000: 55 ms to count, as long as the search).
 */
const narrowed = (q: repo.SearchQuery) =>
  !q.pfields.length && (withinList(q) || (q.origin !== undefined && q.distanceKm !== undefined));

/** What the tiers found: the first COUNTED rows, tier by tier, and how many each tier gave. */
type Found = {
  rows: repo.Row[];
  tierOf: Map<Tier, number>;
  typoWords: TieredWord[];
  /** A page past the first COUNTED, in the search's order. */
  later: (offset: number) => Promise<repo.Row[]>;
};

/** The near spellings of each word (the typo tier's words). */
async function withTypos(db: DB, words: QueryWord[]): Promise<TieredWord[]> {
  const typos = await Promise.all(words.map((w) => typosOf(db, w)));
  return words.map((w, i) => ({ ...w, typos: typos[i] }));
}

/**
 * Each tier's matches read from the text index in turn (search-words.ts): each tier's matches in
 * the search's order come after those of the tiers before it, up to COUNTED; near spellings only
 * when the others found little.
 */
async function tieredRows(
  db: DB,
  dialect: Dialect,
  query: repo.SearchQuery,
  words: QueryWord[],
  tiers: readonly Tier[],
  pageSize: number,
  exactPlan?: repo.SearchQuery,
): Promise<Found> {
  const rows: repo.Row[] = [];
  const seen = new Set<number>();
  const tierOf = new Map<Tier, number>();
  // (The exact tier planned already: its count is not made again.)
  let last = exactPlan ?? query;
  let previous = '';
  let typoWords: TieredWord[] = [];
  async function run(tier: Tier, tiered: TieredWord[]) {
    const text = tierText(tiered, tier, query.type);
    // A tier that adds nothing to the one before (no stem, no lexicon word) is not read again.
    if (text.fts === previous) return;
    previous = text.fts;
    // Planned once: the tier's later pages read the same way as its first rows.
    last = plans.get(tier) ?? (await planned(db, dialect, { ...query, text }, last));
    const read = reads.get(tier);
    const got = read
      ? await withBumps(db, dialect, last, repo.COUNTED, read)
      : await firstRows(db, dialect, last);
    for (const row of got) {
      if (rows.length >= repo.COUNTED || seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
      tierOf.set(tier, (tierOf.get(tier) ?? 0) + 1);
    }
  }
  // Tiers planned, and their first rows read (before bumps), ahead of their turn (PostgreSQL:
  // the first two read once where they may, search-shared-tiers.ts).
  const { plans, reads } = await readAhead(db, dialect, query, words, tiers, last);
  for (const tier of tiers) {
    if (rows.length >= repo.COUNTED) break;
    if (tier !== 'typo') await run(tier, words);
    else if (rows.length < TYPO_BELOW) {
      typoWords = await withTypos(db, words);
      if (typoWords.some((w) => w.typos?.length)) await run(tier, typoWords);
    }
  }
  return {
    rows,
    tierOf,
    typoWords,
    // Past the first COUNTED: the broadest tier read, in the search's order.
    later: (offset) => laterRows(db, dialect, last, pageSize, offset),
  };
}

/**
 * The same from the few products the filters leave (fewCandidates, SQLite): each is
 * ranked by the narrowest tier its columns meet (tierRanker), no text index read. The words'
 * index lists of a common word hold hundreds of thousands of products at 1,000,000, read once per
 * tier; a subcategory near a town holds a thousand.
 */
async function rankedCandidates(
  db: DB,
  candidates: Candidate[],
  words: QueryWord[],
  tiers: readonly Tier[],
  pageSize: number,
): Promise<Found> {
  const rank = (tiered: TieredWord[], allowed: readonly Tier[]) => {
    const tierOfRow = tierRanker(tiered, allowed);
    return candidates.flatMap((row) => {
      const tier = tierOfRow(row);
      return tier ? [{ row, tier }] : [];
    });
  };
  const before = tiers.filter((t) => t !== 'typo');
  let matched = rank(words, before);
  let typoWords: TieredWord[] = [];
  if (tiers.includes('typo') && matched.length < TYPO_BELOW) {
    typoWords = await withTypos(db, words);
    if (typoWords.some((w) => w.typos?.length)) matched = rank(typoWords, tiers);
  }
  // Tier by tier (a stable sort: the search's order within each), as tieredRows reads them.
  const byTier = [...matched].sort((a, b) => tiers.indexOf(a.tier) - tiers.indexOf(b.tier));
  const first = byTier.slice(0, repo.COUNTED);
  const tierOf = new Map<Tier, number>();
  for (const { tier } of first) tierOf.set(tier, (tierOf.get(tier) ?? 0) + 1);
  const row = ({ row: { id, distance_km, price } }: (typeof matched)[number]): repo.Row => ({
    id,
    distance_km,
    price,
  });
  return {
    rows: first.map(row),
    tierOf,
    typoWords,
    // Past the first COUNTED: every match in the search's order, as the broadest tier reads them.
    later: async (offset) => matched.slice(offset, offset + pageSize).map(row),
  };
}

/**
 * The page asked for. With words, tier by tier (search-words.ts); `exact`: the words as typed
 * and their stems only.
 */
async function findPage(
  db: DB,
  dialect: Dialect,
  query: repo.SearchQuery,
  words: QueryWord[],
  body: SearchBody,
  ranking: QueryWord[] = [],
): Promise<repo.Page & { interpreted: Interpreted | null }> {
  // Which field value leads does not depend on the tier's words: chosen once.
  const fieldsPlanned = await planned(db, dialect, query);
  if (!words.length) {
    return {
      ...(await searchPage(db, dialect, fieldsPlanned, body.page, body.page_size)),
      interpreted: null,
    };
  }
  const tiers = body.exact === 'yes' ? (['exact', 'stem'] as const) : TIERS;
  // Only for common words: a rare word's few matches are read from the text index at once.
  const exactPlan =
    dialect === 'sqlite' && narrowed(query)
      ? await planned(db, dialect, { ...fieldsPlanned, text: tierText(words, 'exact', query.type) })
      : undefined;
  const candidates = exactPlan?.commonWords
    ? await fewCandidates(db, dialect, fieldsPlanned, candidateTuning.max)
    : null;
  const { rows, tierOf, typoWords, later } = candidates
    ? await rankedCandidates(db, candidates, words, tiers, body.page_size)
    : await tieredRows(db, dialect, fieldsPlanned, words, tiers, body.page_size, exactPlan);
  // Ordered by price or place: the tiers' matches together in that order (newest: tier by tier).
  const compare = repo.compareRows(query.order);
  if (compare) rows.sort(compare);
  else {
    // In one subcategory every match is of it: what the words name changes nothing.
    const subject = query.psubcategoryIds.length ? [] : words;
    await rankFirstMatches(db, dialect, rows, tierOf, tiers, subject, ranking);
  }
  const corrected = tierOf.has('typo')
    ? typoWords.map((w) => (w.typos?.length ? w.typos[0] : w.word)).join(' ')
    : null;
  const own = (tierOf.get('exact') ?? 0) + (tierOf.get('stem') ?? 0);
  const translated = rows.length > 0 && own === 0 && !tierOf.has('typo');
  const page = await repo.fromFirst(rows, body.page, body.page_size, later);
  return {
    ...page,
    interpreted: corrected || translated ? { corrected, translated } : null,
  };
}

export async function search(
  db: DB,
  dialect: Dialect,
  viewer: AuthUser | null,
  sourceName: string,
  sourceId: number,
  body: SearchBody,
): Promise<{ products: Pagination<SearchCard>; interpreted: Interpreted | null }> {
  const query = await toQuery(db, sourceName, sourceId, body);
  const words = body.name ? queryTerms(body.name) : [];
  const ranking = body.name ? rankingTerms(body.name) : [];
  const { total, rows, interpreted } = await findPage(db, dialect, query, words, body, ranking);
  const ids = rows.map((r) => r.id);
  const [cards, marks] = await Promise.all([
    repo.searchCards(db, ids),
    viewer && ids.length ? viewerMarks(db, viewer.id, ids) : null,
  ]);
  const byId = new Map(cards.map((c) => [c.id, c]));
  // Rent offers say when a unit is free again: one query for the page's cards.
  const rent = await availabilityOfCards(db, cards);
  const data = rows.flatMap(({ id, distance_km }) => {
    const card = byId.get(id);
    // A product deleted between the two reads is left out.
    if (!card) return [];
    return [
      {
        ...toProductCard(card, viewerStateOf(marks, id)),
        ...rent.get(id),
        latitude: card.latitude,
        longitude: card.longitude,
        distance_km: roundKm(distance_km),
      },
    ];
  });
  return {
    products: toPagination(data, Math.min(total, SEARCH_TOTAL_MAX), body.page, body.page_size),
    interpreted,
  };
}

/** Newest matches of a shop read to find a just-posted product among them (findsProduct). */
const RECENT_IN_SHOP = 100;

/**
 * Saved-search alerts (issue 18, docs/searches.md): whether `body` finds the product, by the
 * same filters and words as search(). Words match by every tier a search reads before near
 * spellings (tiers are cumulative: the broadest one holds the others); the typo tier is left
 * out, as a search reads it only when nothing else matched anywhere. Read within the product's
 * shop, newest first: a just-posted product is among its shop's newest matches.
 */
export async function findsProduct(
  db: DB,
  dialect: Dialect,
  body: SearchBody,
  product: { id: number; shop_id: number },
): Promise<boolean> {
  const query: repo.SearchQuery = {
    ...(await toQuery(db, 'shop', product.shop_id, body)),
    order: 'newest',
  };
  const words = body.name ? queryTerms(body.name) : [];
  const tier: Tier = body.exact === 'yes' ? 'stem' : 'transliteration';
  const q: repo.SearchQuery = words.length
    ? { ...query, text: tierText(words, tier, query.type) }
    : query;
  const rows = await laterRows(db, dialect, q, RECENT_IN_SHOP, 0);
  return rows.some((r) => r.id === product.id);
}
