import { Migrator, type Migration, type MigrationProvider } from 'kysely';
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
import { trust } from './migrations/014-trust';

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
    '014-trust': trust(dialect),
  };
}

export async function migrateToLatest(db: DB, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
