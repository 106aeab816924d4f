import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';
import { COVERING, LISTED } from './020-search-covering-indexes';
import { forLargeTable } from './large-table';

// Issue 32 (DESIGN §12): a listing that expired, or was sold more than a week ago, leaves search
// like every list; search tests expires_at and sold_at on every read (search-conditions.ts
// `listedConditions`). Without them in its covering indexes, a search without words would read
// each product row to test them; so 020's indexes are made again with both columns added to
// their extra columns (PostgreSQL: INCLUDE), same names, same partial condition.

const ENDS = ['expires_at', 'sold_at'];

/* eslint-disable @typescript-eslint/no-explicit-any */
function rebuild(dialect: Dialect, extraColumns: (extra: string[]) => string[]) {
  return async (db: Kysely<any>) => {
    await forLargeTable(db, dialect, '128MB');
    for (const [name, [keys, extra]] of Object.entries(COVERING)) {
      const columns = extraColumns(extra);
      await sql.raw(`drop index if exists ${name}`).execute(db);
      await sql
        .raw(
          dialect === 'postgres'
            ? `create index ${name} on products (${keys.join(', ')}) include (${columns.join(', ')}) where ${LISTED}`
            : `create index ${name} on products (${[...keys, ...columns].join(', ')}) where ${LISTED}`,
        )
        .execute(db);
    }
    if (dialect === 'sqlite') {
      for (const name of Object.keys(COVERING)) await sql.raw(`analyze ${name}`).execute(db);
    } else {
      await sql`analyze products`.execute(db);
    }
  };
}

export function searchListingEnd(dialect: Dialect): Migration {
  return {
    up: rebuild(dialect, (extra) => [...extra, ...ENDS]),
    down: rebuild(dialect, (extra) => extra),
  };
}
