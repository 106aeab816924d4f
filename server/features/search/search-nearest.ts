import { sql } from 'kysely';
import type { Dialect, Executor } from '../../db/types';
import { SEARCH_TOTAL_MAX } from '../../../shared/schemas/search';
import { boundingBox, MAX_KM, type Point } from './search-geo';
import { listedConditions, pgTuning, withinList } from './search-conditions';
import { taggedMatches, taggedRead } from './search-plan';
import {
  COUNTED,
  fromFirst,
  orderedRows,
  type Page,
  type Row,
  type SearchQuery,
} from './search.repository';
import { laterRows, rowsInOrder, withBumps } from './search-bumps.repository';

// A search's first COUNTED rows (DESIGN §7): read in the search's order by search.repository.ts,
// or, nearest first, radius by radius from a small one (ordering by distance reads every
// product within it).

/**
 * The nearest-first search halves its first radius while the box around it holds this many
 * products (whatever the other filters).
 */
const CROWDED = 4 * (SEARCH_TOTAL_MAX + 1);
/** The nearest-first search looks this far first (km), then farther. */
const FIRST_RADIUS_KM = 0.25;

/** The type, listing, subcategory and box conditions of a place search: what its indexes hold. */
function placeConditions(q: SearchQuery & { origin?: Point }, km: number) {
  const list = [sql`products.type = ${q.type}`, ...listedConditions()];
  if (q.psubcategoryIds.length) {
    list.push(
      sql`products.psubcategory_id in (${sql.join(q.psubcategoryIds.map((id) => sql`${id}`))})`,
    );
  }
  return q.origin ? [...list, ...boundingBox(q.origin, km)] : list;
}

/**
 * SQLite, nearest first: words matching fewer products than `atOnce` are read at once over the
 * whole distance, however common (wordsTuning) they are elsewhere: a radius that grows reads the
 * words' list again each time (voiture within 50 km of Nouakchott, 6,536 matches in all at
 * 1,000,000: 4 radii, 179 ms). PostgreSQL: a tier whose matches in the tagged index are estimated
 * under `taggedAtOnce` (see nearestRows; 7,684 rows read and ordered in 18 ms at 1,000,000).
 */
export const nearestTuning = { atOnce: 20_000, taggedAtOnce: 10_000 };

/** SQLite: whether the words' matches are fewer than nearestTuning.atOnce (counted up to it). */
async function fewForNearest(db: Executor, q: SearchQuery & { text: { fts: string } }) {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid
    from products_fts where products_fts match ${q.text.fts} limit ${nearestTuning.atOnce}) found`.execute(
    db,
  );
  return Number(rows[0]?.n) < nearestTuning.atOnce;
}

/**
 * PostgreSQL, words nearest first: whether the whole distance's box holds fewer than CROWDED
 * products of the type and subcategory (counted up to it from the place's covering index, no row
 * read). Then its words' matches are read at once: radius by radius, each of a search's tiers
 * read the words again per radius (20 km around Kiffa + prix + phones at 1,000,000: 18 reads for
 * 343 matches; docs/search.md, "PostgreSQL at 1,000,000, session 16"). The answer is the same:
 * every match within a radius is nearer than any beyond it.
 */
async function sparseForWords(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery & { distanceKm: number },
  km: number,
): Promise<boolean> {
  if (dialect !== 'postgres' || !q.text || !pgTuning.sparseAtOnce) return false;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from products
    where ${sql.join(placeConditions(q, km), sql` and `)} limit ${CROWDED}) box`.execute(db);
  return Number(rows[0]?.n) < CROWDED;
}

/**
 * Nearest first: ordering by distance reads every product within it. So look within a small
 * radius first, then farther, and stop at the first radius holding COUNTED products (or at the
 * distance asked): whatever lies farther cannot come before them, and the count is capped
 * there anyway. Each next radius is guessed from the density seen so far.
 */
async function nearestRows(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery & { distanceKm: number },
): Promise<Row[]> {
  const km = Math.min(q.distanceKm, MAX_KM);
  // (Few enough for nearest first: their list leads, as for words that are not common.)
  if (
    dialect === 'sqlite' &&
    q.text &&
    q.commonWords &&
    !q.psubcategoryIds.length &&
    !q.pcategorySubcategoryIds &&
    (await fewForNearest(db, { ...q, text: q.text }))
  ) {
    q = { ...q, commonWords: false };
  }
  // PostgreSQL: likewise when the tier's matches in the tagged index (migration 045) are
  // estimated under taggedAtOnce: read from it exactly (its columns in it) and ordered. voiture
  // within 50 km of Nouakchott at 1,000,000: 7,684 matches in all, 18 ms, where four radii took
  // 98 ms (docs/search.md, "PostgreSQL: the columns inside the text index (session 25)").
  if (dialect === 'postgres' && q.text && !q.matchesFirst && !withinList(q) && pgTuning.tagged) {
    const matches = await taggedMatches(db, q.text);
    if (matches !== null && matches < nearestTuning.taggedAtOnce)
      q = await taggedRead(db, dialect, { ...q, matchesFirst: true, commonWords: false }, matches);
  }
  // With words, every radius would read all the words' matches again: one look at once when
  // they are few (SQLite: not common, wordsTuning; PostgreSQL: read from the text index first),
  // or, on SQLite, when a subcategory's (a category's) places, from an index and few, lead.
  const atOnce =
    q.text !== undefined &&
    (dialect === 'sqlite'
      ? !q.commonWords || q.psubcategoryIds.length > 0 || q.pcategorySubcategoryIds !== undefined
      : !!q.matchesFirst);
  let first =
    atOnce || (await sparseForWords(db, dialect, q, km)) ? km : Math.min(km, FIRST_RADIUS_KM);
  // A crowded place (a town's centre): ordering every product of the first radius by distance
  // costs more than the page needs. The box's products (the place index alone, no distance
  // computed) are counted up to CROWDED; the radius is halved while they reach it. (Words make
  // the matches sparser than the box: not then.)
  for (let halved = 0; !atOnce && !q.text && halved < 8; halved++) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from products
      where ${sql.join(placeConditions(q, first), sql` and `)} limit ${CROWDED}) box`.execute(db);
    if (Number(rows[0]?.n) < CROWDED) break;
    first /= 2;
  }
  // PostgreSQL, words: a radius holding fewer than COUNTED matches gave every one of them, nearer
  // than any beyond it; the next radius reads only beyond it (beyondKm), and its rows follow.
  // Each radius read the words' candidates within it again and tested them, those of the radius
  // before included (50 km around Nouakchott + voiture at 1,000,000: the last radius read 6,646
  // rows' search_vector, 200 ms; beyond the radius before and within the circle only, 50 ms;
  // docs/search.md, "PostgreSQL at 1,000,000, session 17").
  const ring = dialect === 'postgres' && q.text !== undefined && pgTuning.ringRead;
  let found: Row[] = [];
  let before: number | undefined;
  for (let radius = first; ;) {
    const rows =
      before === undefined
        ? await orderedRows(db, dialect, { ...q, distanceKm: radius }, COUNTED, 0)
        : [
            ...found,
            ...(await orderedRows(
              db,
              dialect,
              { ...q, distanceKm: radius, beyondKm: before },
              COUNTED - found.length,
              0,
            )),
          ];
    if (rows.length >= COUNTED || radius >= km) return rows;
    found = rows;
    if (ring) before = radius;
    // Area grows with the square of the radius; at least twice, at most sixteen times as far.
    // Nothing at all so near: the place is sparse, and the whole distance costs little more.
    const guess = radius * Math.sqrt(COUNTED / Math.max(rows.length, 1)) * 1.2;
    radius = rows.length ? Math.min(km, Math.max(radius * 2, Math.min(radius * 16, guess))) : km;
  }
}

/**
 * The first COUNTED matching ids, in the search's order (the count and most pages come from
 * them: an exact count of a very common word would read every match). `q` comes planned
 * (search-plan.ts: which index leads).
 */
export function firstRows(db: Executor, dialect: Dialect, q: SearchQuery): Promise<Row[]> {
  return q.order === 'nearest' && q.origin && q.distanceKm !== undefined
    ? nearestRows(db, dialect, { ...q, distanceKm: q.distanceKm }).then((rows) =>
        // Ties (the same place) newest first, bumps counted (search-bumps.repository.ts).
        withBumps(db, dialect, q, COUNTED, rows),
      )
    : rowsInOrder(db, dialect, q, COUNTED, 0);
}

/** One page of matching ids, in the search's order, and how many match (up to COUNTED). */
export async function searchPage(
  db: Executor,
  dialect: Dialect,
  q: SearchQuery,
  page: number,
  perPage: number,
): Promise<Page> {
  const first = await firstRows(db, dialect, q);
  return fromFirst(first, page, perPage, (offset) => laterRows(db, dialect, q, perPage, offset));
}
