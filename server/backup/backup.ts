import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config';
import { isPostgresUrl } from '../db/connect';
import type { Dialect } from '../db/types';
import {
  MANIFEST,
  SQLITE_FILE,
  PG_FILE,
  MEDIA_DIR,
  MEDIA_KEYS,
  MANIFEST_FORMAT,
  run,
  sqliteFile,
  libpqTarget,
  isEmptyDir,
  sqliteCounts,
  sqliteSchemaVersion,
  pgCounts,
  pgSchemaVersion,
  requireTool,
  BackupError,
  mediaFiles,
  bucketKeys,
  type BackupManifest,
} from './backup-format';

// Making a backup: the database by its engine's own tool, then the media; the manifest last (the
// format and what both directions share: backup-format.ts; the way back: restore.ts).

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
}

/** Writes a backup of the configured database and media into `dir` (new or empty). */
export async function createBackup(config: Config, dir: string): Promise<BackupResult> {
  const target = path.resolve(dir);
  if (!isEmptyDir(target))
    throw new BackupError(`--to ${target} is not empty: back up into a new or empty folder`);
  const engine: Dialect = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
  if (engine === 'postgres') await requireTool('pg_dump');
  else if (!fs.existsSync(sqliteFile(config)))
    throw new BackupError(`no database at ${sqliteFile(config)} (DATA_DIR): nothing to back up`);
  fs.mkdirSync(target, { recursive: true });

  const db =
    engine === 'postgres'
      ? await backupPostgres(config.databaseUrl!, target)
      : await backupSqlite(sqliteFile(config), target);
  const media = config.s3 ? await listBucket(config, target) : await copyMedia(config, target);
  const manifest: BackupManifest = { format: MANIFEST_FORMAT, engine, ...db, media };
  // Last, and atomically: its presence says the backup is whole.
  const temp = path.join(target, `${MANIFEST}.partial`);
  fs.writeFileSync(temp, JSON.stringify(manifest, null, 2) + '\n');
  fs.renameSync(temp, path.join(target, MANIFEST));
  return { dir: target, manifest };
}

type DatabasePart = Pick<
  BackupManifest,
  'created_at' | 'schema_version' | 'database_file' | 'counts'
>;

async function backupSqlite(source: string, dir: string): Promise<DatabasePart> {
  const out = path.join(dir, SQLITE_FILE);
  const created_at = new Date().toISOString();
  // Its own connection: the server's keeps writing (WAL: a reader never blocks the writer).
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // Every remaining page in one step: one read transaction, one snapshot. (A step of some pages
    // restarts from the first page whenever another connection writes in between.)
    await db.backup(out, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  // The counts and version of the copy itself, not of the live file. The copy keeps the source's
  // WAL mode: back to a rollback journal, so that the backup is one self-contained file.
  const copy = new SQLite(out, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = delete');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy fails quick_check: ${String(check)}`);
    return {
      created_at,
      schema_version: sqliteSchemaVersion(copy),
      database_file: SQLITE_FILE,
      counts: sqliteCounts(copy),
    };
  } finally {
    copy.close();
  }
}

async function backupPostgres(url: string, dir: string): Promise<DatabasePart> {
  const out = path.join(dir, PG_FILE);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The counts and pg_dump read the same snapshot: this transaction exports it and stays open
    // until pg_dump is done.
    await client.query('begin isolation level repeatable read read only');
    const created_at = new Date().toISOString();
    const { rows } = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const counts = await pgCounts(client);
    const schema_version = await pgSchemaVersion(client);
    const { url: plain, env } = libpqTarget(url);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0].snapshot}`, '--no-password', '--file', out, plain],
      { env, maxBuffer: 16 * 2 ** 20 },
    ).catch((error: { stderr?: string }) => {
      throw new Error(`pg_dump failed: ${error.stderr?.trim() || String(error)}`);
    });
    await client.query('commit');
    return { created_at, schema_version, database_file: PG_FILE, counts };
  } finally {
    await client.end();
  }
}

/**
 * The data folder's media, after the database snapshot: files are written before the row that
 * names them and never rewritten, so every file the snapshot names is there (unless deleted
 * since, with its row).
 */
async function copyMedia(config: Config, dir: string): Promise<BackupManifest['media']> {
  const from = path.join(config.dataDir, 'media');
  const to = path.join(dir, MEDIA_DIR);
  fs.mkdirSync(to, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const file of mediaFiles(from)) {
    try {
      await fs.promises.copyFile(path.join(from, file), path.join(to, file));
    } catch (error) {
      // Deleted between the listing and the copy: its row went with it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files += 1;
    bytes += fs.statSync(path.join(to, file)).size;
  }
  return { kind: 'folder', files, bytes };
}

/** With S3 the bucket stays where it is; the backup lists what it held. */
async function listBucket(config: Config, dir: string): Promise<BackupManifest['media']> {
  const keys = await bucketKeys(config);
  fs.writeFileSync(
    path.join(dir, MEDIA_KEYS),
    JSON.stringify({ bucket: config.s3!.bucket, keys }) + '\n',
  );
  return {
    kind: 's3',
    bucket: config.s3!.bucket,
    keys: keys.length,
    bytes: keys.reduce((sum, k) => sum + k.size, 0),
    file: MEDIA_KEYS,
  };
}
