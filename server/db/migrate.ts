import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DB, Dialect } from './types';
import { initial } from './migrations/001-initial';
import { notificationsIndex } from './migrations/002-notifications-index';
import { shopsListIndex } from './migrations/003-shops-list-index';
import { search } from './migrations/004-search';
import { searchGeoIndex } from './migrations/005-search-geo-index';
import { hardeningNet } from './migrations/006-hardening-net';
import { invitationsAndLimits } from './migrations/007-invitations-and-limits';
import { searchTerms } from './migrations/009-search-terms';
import { pfieldSubValue } from './migrations/010-pfield-sub-value';
import { searchTermVariants } from './migrations/011-search-term-variants';
import { liveEvents } from './migrations/012-live-events';
import { savedSearches } from './migrations/013-saved-searches';
import { trust } from './migrations/014-trust';
import { productInsights } from './migrations/015-product-insights';
import { accountCodes } from './migrations/016-account-codes';
import { imageDimensions } from './migrations/017-image-dimensions';
import { photoHashBands } from './migrations/018-photo-hash-bands';
import { streamLeases } from './migrations/019-stream-leases';
import { searchCoveringIndexes } from './migrations/020-search-covering-indexes';
import { shopDailyStats } from './migrations/021-shop-daily-stats';
import { savedSearchMatching } from './migrations/022-saved-search-matching';
import { heldAnnouncements } from './migrations/023-held-announcements';
import { notificationGroups } from './migrations/024-notification-groups';
import { listingLifecycle } from './migrations/025-listing-lifecycle';
import { ratings } from './migrations/026-ratings';
import { rentalsPriceHints } from './migrations/027-rentals-price-hints';
import { auditLog } from './migrations/028-audit-log';
import { searchFamilies } from './migrations/029-search-families';
import { searchListingEnd } from './migrations/031-search-listing-end';
import { shopLiveOffers } from './migrations/032-shop-live-offers';
import { keepDeletedAuthors } from './migrations/033-keep-deleted-authors';
import { ratingAnnouncements } from './migrations/034-rating-announcements';
import { smsAlerts } from './migrations/035-sms-alerts';
import { searchBumps } from './migrations/036-search-bumps';
import { searchRum } from './migrations/037-search-rum';
import { searchBumpedText } from './migrations/038-search-bumped-text';
import { searchBumpsListed } from './migrations/039-search-bumps-listed';
import { searchPfieldCovering } from './migrations/040-search-pfield-covering';
import { searchPlaceGist } from './migrations/041-search-place-gist';
import { searchWordsCells } from './migrations/042-search-words-cells';
import { searchVectorInline } from './migrations/043-search-vector-inline';
import { searchPfieldCoveringPg } from './migrations/044-search-pfield-covering-pg';
import { searchTagged } from './migrations/045-search-tagged';
import { searchPhraseNames } from './migrations/046-search-phrase-names';
import { searchFiltersInText } from './migrations/047-search-filters-in-text';

// Migrations live in code (not read from a folder at run time) so that one list serves
// `npm start`, the CLI and the tests, on both engines. Append new ones; never edit a landed one.
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initial(dialect),
    '002-notifications-index': notificationsIndex,
    '003-shops-list-index': shopsListIndex,
    '004-search': search(dialect),
    '005-search-geo-index': searchGeoIndex(dialect),
    '006-hardening-net': hardeningNet,
    '007-invitations-and-limits': invitationsAndLimits(dialect),
    '009-search-terms': searchTerms(dialect),
    '010-pfield-sub-value': pfieldSubValue,
    '011-search-term-variants': searchTermVariants(dialect),
    '012-live-events': liveEvents(dialect),
    '013-saved-searches': savedSearches(dialect),
    '014-trust': trust(dialect),
    '015-product-insights': productInsights,
    '016-account-codes': accountCodes(dialect),
    '017-image-dimensions': imageDimensions,
    '018-photo-hash-bands': photoHashBands,
    '019-stream-leases': streamLeases,
    '020-search-covering-indexes': searchCoveringIndexes(dialect),
    '021-shop-daily-stats': shopDailyStats,
    '022-saved-search-matching': savedSearchMatching(dialect),
    '023-held-announcements': heldAnnouncements,
    '024-notification-groups': notificationGroups(dialect),
    '025-listing-lifecycle': listingLifecycle(dialect),
    '026-ratings': ratings(dialect),
    '027-rentals-price-hints': rentalsPriceHints(dialect),
    '028-audit-log': auditLog(dialect),
    '029-search-families': searchFamilies,
    '031-search-listing-end': searchListingEnd(dialect),
    '032-shop-live-offers': shopLiveOffers(dialect),
    '033-keep-deleted-authors': keepDeletedAuthors(dialect),
    '034-rating-announcements': ratingAnnouncements,
    '035-sms-alerts': smsAlerts,
    '036-search-bumps': searchBumps(dialect),
    '037-search-rum': searchRum(dialect),
    '038-search-bumped-text': searchBumpedText(dialect),
    '039-search-bumps-listed': searchBumpsListed(dialect),
    '040-search-pfield-covering': searchPfieldCovering(dialect),
    '041-search-place-gist': searchPlaceGist(dialect),
    '042-search-words-cells': searchWordsCells(dialect),
    '043-search-vector-inline': searchVectorInline(dialect),
    '044-search-pfield-covering-pg': searchPfieldCoveringPg(dialect),
    '045-search-tagged': searchTagged(dialect),
    '046-search-phrase-names': searchPhraseNames,
    '047-search-filters-in-text': searchFiltersInText(dialect),
  };
}

/** The advisory lock key that serialises start-up work (migrations, first seed) on PostgreSQL. */
export const STARTUP_LOCK_KEY = 1_786_320_018;

/**
 * Runs `work` under a session-level advisory lock on PostgreSQL (pg_advisory_lock), on one
 * connection it holds meanwhile, so that several processes starting together (WORKERS=N, or N
 * instances behind a proxy) migrate and seed one after the other: the second finds the work done.
 * SQLite is one process: `work` runs on the database directly.
 */
export async function underStartupLock<T>(
  db: DB,
  dialect: Dialect,
  work: (db: DB) => Promise<T>,
): Promise<T> {
  if (dialect !== 'postgres') return work(db);
  return db.connection().execute(async (conn) => {
    // Waiting for another process's migrations and first seed, and running a long migration
    // (an index built or the products re-indexed at 1,000,000: minutes), take longer than
    // STATEMENT_TIMEOUT_MS allows a request: no timeout on this connection meanwhile (found by
    // scripts/rolling-restart.ts: the second process died at start). Every migration runs here.
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
      }
    } finally {
      // Back to the connection's own setting before it returns to the pool.
      await sql`reset statement_timeout`.execute(conn);
    }
  });
}

export async function migrateToLatest(db: DB, dialect: Dialect): Promise<void> {
  await underStartupLock(db, dialect, async (conn) => {
    const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
    const migrator = new Migrator({ db: conn, provider });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
  });
}
