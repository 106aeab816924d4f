import path from 'node:path';
import SQLite from 'better-sqlite3';

// The e2e server's own SQLite database (playwright.config.ts shares its directory as
// E2E_DATA_DIR), for what no request can do: moving an offer's end into the past, as time would.
// The server reads expires_at on every read (docs/lifecycle.md), and its product cache lasts at
// most 2 s on SQLite, so the change shows on the next page load after that.

function database() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  const db = new SQLite(path.join(dir, 'marketplace.sqlite'));
  // The server writes too: wait for its lock rather than fail.
  db.pragma('busy_timeout = 10000');
  return db;
}

/** Ends the listing `days` days ago, as if LISTING_DAYS had passed since it was posted. */
export function expireListing(productId: number, days = 1): void {
  const db = database();
  try {
    const ended = new Date(Date.now() - days * 86_400_000).toISOString();
    const changed = db
      .prepare('update products set expires_at = ? where id = ?')
      .run(ended, productId).changes;
    if (changed !== 1) throw new Error(`no product ${productId} to expire`);
  } finally {
    db.close();
  }
}
