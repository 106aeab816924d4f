import type { DB, Dialect, Executor } from '../../db/types';
import { HttpError, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { toPagination, type Pagination } from '../../../shared/schemas/common';
import {
  SEARCH_SOURCES,
  SEARCH_TOTAL_MAX,
  type SearchBody,
  type SearchCard,
} from '../../../shared/schemas/search';
import { viewerMarks } from '../products/cards.repository';
import { toProductCard, viewerStateOf } from '../products/products.mapper';
import {
  parsePfieldFilters,
  parsePfieldSubFilters,
  pfieldEntries,
  pfieldSubEntries,
} from './pfield-filters';
import { nearestKnownWord, searchWords } from './search-words';
import * as repo from './search.repository';

// SPEC §7's search: where to look (source), what to match (DESIGN §7), in which order.

/** How alike a mistyped word must be to a product's word for the PostgreSQL fallback. */
const NEAR_SPELLING_SIMILARITY = 0.4;

const trigramIndex = new WeakMap<object, Promise<boolean>>();
function nearSpellingsAvailable(db: DB, dialect: Dialect): Promise<boolean> {
  if (dialect !== 'postgres') return Promise.resolve(false);
  let known = trigramIndex.get(db);
  if (!known) {
    known = repo.hasTrigramIndex(db);
    trigramIndex.set(db, known);
  }
  return known;
}

async function sourceFilter(db: Executor, sourceName: string, sourceId: number) {
  if (!(SEARCH_SOURCES as readonly string[]).includes(sourceName)) throw notFound();
  if (sourceName === 'shop') {
    if (!(await repo.shopExists(db, sourceId))) throw notFound();
    return { shopId: sourceId };
  }
  if (sourceName === 'psubcategory') {
    if (!(await repo.subcategoryExists(db, sourceId))) throw notFound();
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
  const entries = pfieldEntries(body);
  const subEntries = pfieldSubEntries(body);
  const fields = await repo.pfieldsByIds(db, [
    ...new Set([...entries.keys(), ...subEntries.keys()]),
  ]);
  const { filters, errors } = parsePfieldFilters(fields, entries);
  const sub = parsePfieldSubFilters(fields, subEntries);
  if (Object.keys({ ...errors, ...sub.errors }).length) {
    throw new HttpError(422, { ...errors, ...sub.errors });
  }
  const subcategories = [source.psubcategoryId, body.psubcategory_id].filter(
    (id): id is number => id !== undefined,
  );
  const hasOrigin = body.latitude !== undefined && body.longitude !== undefined;
  return {
    type: body.type,
    shopId: source.shopId,
    // The source's subcategory and the body's must both hold: two different ones match nothing.
    psubcategoryIds: new Set(subcategories).size > 1 ? [0] : [...new Set(subcategories)],
    pcategorySubcategoryIds:
      body.pcategory_id === undefined
        ? undefined
        : await repo.subcategoriesOf(db, body.pcategory_id),
    minPrice: body.min_price,
    maxPrice: body.max_price,
    negotiable: body.negotiable,
    used: body.used,
    delivery: body.delivery,
    offerType: body.offer_type,
    words: body.name ? searchWords(body.name) : [],
    origin: hasOrigin ? { latitude: body.latitude!, longitude: body.longitude! } : undefined,
    distanceKm: body.distance,
    pfields: [...filters, ...sub.filters],
  };
}

/** km with metre precision: enough to show and to order by. */
const roundKm = (km: number | null) =>
  km === null || km === undefined ? null : Math.round(Number(km) * 1000) / 1000;

/** The page asked for; on PostgreSQL, near spellings when no word starts a match. */
async function findPage(
  db: DB,
  dialect: Dialect,
  query: repo.SearchQuery,
  body: SearchBody,
): Promise<{ total: number; rows: { id: number; distance_km: number | null }[] }> {
  const found = await repo.searchPage(db, dialect, query, body.page, body.page_size);
  if (found.total > 0 || !query.words.length || !(await nearSpellingsAvailable(db, dialect))) {
    return found;
  }
  // Nothing starts with these words: PostgreSQL looks for near spellings. First among the most
  // common words of the index (a misspelt 'toyata' is most often a common 'toyota'): a prefix
  // search of those is as cheap as any; the trigram search over every product is not (up to
  // a second at 1,000,000 products, docs/search.md).
  const known = await repo.commonWords(db);
  const corrected = query.words.map((w) => nearestKnownWord(w, known, NEAR_SPELLING_SIMILARITY));
  if (corrected.every((w): w is string => w !== undefined)) {
    const near = await repo.searchPage(
      db,
      dialect,
      { ...query, words: [...new Set(corrected)] },
      body.page,
      body.page_size,
    );
    if (near.total > 0) return near;
  }
  return db.transaction().execute(async (trx) => {
    await repo.setWordSimilarity(trx, NEAR_SPELLING_SIMILARITY);
    return repo.searchPage(
      trx,
      dialect,
      { ...query, nearSpellings: true },
      body.page,
      body.page_size,
    );
  });
}

export async function search(
  db: DB,
  dialect: Dialect,
  viewer: AuthUser | null,
  sourceName: string,
  sourceId: number,
  body: SearchBody,
): Promise<Pagination<SearchCard>> {
  const query = await toQuery(db, sourceName, sourceId, body);
  const { total, rows } = await findPage(db, dialect, query, body);
  const ids = rows.map((r) => r.id);
  const [cards, marks] = await Promise.all([
    repo.searchCards(db, ids),
    viewer && ids.length ? viewerMarks(db, viewer.id, ids) : null,
  ]);
  const byId = new Map(cards.map((c) => [c.id, c]));
  const data = rows.flatMap(({ id, distance_km }) => {
    const card = byId.get(id);
    // A product deleted between the two reads is left out.
    if (!card) return [];
    return [
      {
        ...toProductCard(card, viewerStateOf(marks, id)),
        latitude: card.latitude,
        longitude: card.longitude,
        distance_km: roundKm(distance_km),
      },
    ];
  });
  return toPagination(data, Math.min(total, SEARCH_TOTAL_MAX), body.page, body.page_size);
}
