import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from '../../db/types';
import type { TestContext } from '../../test/harness';

// What a refused request must leave as it was: the row count of every table (whatever tables
// the migrations made, search indexes included) and the files of the media folder.

const tablesOf = new WeakMap<DB, Promise<string[]>>();

function tables(db: DB): Promise<string[]> {
  let found = tablesOf.get(db);
  if (!found) {
    found = db.introspection.getTables().then((list) =>
      list
        .filter((t) => !t.isView && !t.name.startsWith('kysely_migration'))
        .map((t) => t.name)
        .sort(),
    );
    tablesOf.set(db, found);
  }
  return found;
}

/** Rows per table, in one statement. */
export async function countRows(db: DB): Promise<Record<string, number>> {
  const names = await tables(db);
  const query = names
    .map((name) => `select '${name}' as t, count(*) as n from "${name}"`)
    .join(' union all ');
  const { rows } = await sql<{ t: string; n: number | string }>`${sql.raw(query)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

/** The media folder's files, sorted. */
export function mediaFiles(ctx: TestContext): string[] {
  const dir = path.join(ctx.config.dataDir, 'media');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

export interface Snapshot {
  rows: Record<string, number>;
  media: string[];
}

export async function snapshot(ctx: TestContext): Promise<Snapshot> {
  return { rows: await countRows(ctx.app.db), media: mediaFiles(ctx) };
}

/** The tables and media whose contents differ between two snapshots ([] when none). */
export function changes(before: Snapshot, after: Snapshot, ignore: string[] = []): string[] {
  const changed = Object.keys({ ...before.rows, ...after.rows })
    .filter((t) => !ignore.includes(t) && before.rows[t] !== after.rows[t])
    .map((t) => `${t}: ${before.rows[t]} → ${after.rows[t]}`);
  if (before.media.join() !== after.media.join()) {
    changed.push(`media: ${before.media.length} → ${after.media.length} files`);
  }
  return changed;
}
