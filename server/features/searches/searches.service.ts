import type { DB, Dialect } from '../../db/types';
import { now } from '../../db/connect';
import { HttpError, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/session';
import { SAVED_SEARCHES_MAX_PER_USER } from '../../../shared/constants';
import { savedSearchQuota } from '../../../shared/domain/saved-search-quota';
import { accountAgeDays } from '../../../shared/domain/account-trust';
import type { SaveSearchBody, SavedQuery, SavedSearch } from '../../../shared/schemas/searches';
import { search } from '../search/search.service';
import * as repo from './searches.repository';
import { matchColumnsOf } from './saved-search-criteria';

// Saved searches (DESIGN §4, issue 18 item 2): the owner's list, save, delete, and "seen" (the
// count of new matches starts again). Alerts are search-alerts.ts's.

/** Not kept with a saved search: which page was shown is no part of what was looked for. */
const NOT_KEPT = new Set(['page', 'page_size']);

export function toSavedSearch(row: repo.SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: parseQuery(row.query),
    new_count: Number(row.new_count),
    last_seen_at: row.last_seen_at,
    created_at: row.created_at,
  };
}

export function parseQuery(text: string): SavedQuery {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as SavedQuery)
      : {};
  } catch {
    return {};
  }
}

export async function list(db: DB, viewer: AuthUser): Promise<SavedSearch[]> {
  return (await repo.listOwn(db, viewer.id)).map(toSavedSearch);
}

export async function save(
  db: DB,
  dialect: Dialect,
  viewer: AuthUser,
  body: SaveSearchBody,
): Promise<SavedSearch> {
  const query = Object.fromEntries(
    Object.entries(body.query).filter(([key, v]) => !NOT_KEPT.has(key) && v !== undefined),
  );
  // The search itself checks what only it knows (pfield_{id} keys, ids of catalogue entries):
  // a query that the search page would refuse is refused here too, with the same errors.
  await search(db, dialect, viewer, 'all', 0, { ...body.query, page: 1, page_size: 1 });
  const row = await db.transaction().execute(async (trx) => {
    // Issue 29 item 3: every saved search is tested against each new offer; new accounts
    // (made by the hundred to slow that down) keep fewer.
    const createdAt = await repo.accountCreatedAt(trx, viewer.id);
    const quota = savedSearchQuota({ accountAgeDays: createdAt ? accountAgeDays(createdAt) : 0 });
    if ((await repo.countOwn(trx, viewer.id)) >= quota) {
      // A new account is told its own limit (the message names it), not the general one.
      const key =
        quota < SAVED_SEARCHES_MAX_PER_USER
          ? 'too_many_saved_searches_new_account'
          : 'too_many_saved_searches';
      throw new HttpError(422, { global: [key] });
    }
    const at = now();
    return repo.insert(trx, {
      user_id: viewer.id,
      name: body.name,
      query: JSON.stringify(query),
      product_type: body.query.type,
      ...matchColumnsOf(body.query)!,
      last_alert_at: null,
      pending_product_id: null,
      last_seen_at: at,
      created_at: at,
    });
  });
  return toSavedSearch(row);
}

export async function remove(db: DB, viewer: AuthUser, id: number): Promise<void> {
  if (!(await repo.deleteOwn(db, viewer.id, id))) throw notFound();
}

export async function seen(db: DB, viewer: AuthUser, id: number): Promise<SavedSearch> {
  const row = await repo.markSeen(db, viewer.id, id, now());
  if (!row) throw notFound();
  return toSavedSearch(row);
}
