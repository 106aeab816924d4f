import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config';
import { isPostgresUrl } from '../db/connect';
import { migrations } from '../db/migrate';
import type { Dialect } from '../db/types';
import {
  MEDIA_DIR,
  run,
  sqliteFile,
  libpqTarget,
  isEmptyDir,
  sqliteCounts,
  pgCounts,
  requireTool,
  BackupError,
  readManifest,
  mediaFiles,
  bucketKeys,
  type BucketKey,
  type BackupManifest,
} from './backup-format';

// Restoring a backup (backup.ts makes them; backup-format.ts is their format): only into an empty
// data folder or database, and only a backup whose manifest says it finished; counts checked after.

export interface RestoreResult {
  manifest: BackupManifest;
  /** Media the backup lists that could not be found (S3: keys missing from the bucket). */
  missingMedia: number;
  notes: string[];
}

/** Restores the backup in `dir` into the configured, empty, data folder or database. */
export async function restoreBackup(config: Config, dir: string): Promise<RestoreResult> {
  const from = path.resolve(dir);
  const manifest = readManifest(from);
  const engine: Dialect = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine)
    throw new BackupError(
      `the backup is of ${manifest.engine}, the target is ${engine}: restore into the same engine` +
        (manifest.engine === 'postgres' ? ' (set DATABASE_URL)' : ' (unset DATABASE_URL)'),
    );
  if (!(manifest.schema_version in migrations(engine)))
    throw new BackupError(
      `the backup's schema (${manifest.schema_version}) is newer than this version knows: ` +
        `restore it with the version that made it`,
    );
  const media = path.join(config.dataDir, 'media');
  if (manifest.media.kind === 'folder' && !isEmptyDir(media))
    throw new BackupError(`${media} is not empty: restore into an empty DATA_DIR`);
  if (engine === 'postgres') {
    await requireTool('pg_restore');
    await restorePostgres(config.databaseUrl!, from, manifest);
  } else {
    restoreSqliteChecks(config);
    await restoreSqlite(config, from, manifest);
  }
  const notes: string[] = [];
  let missingMedia = 0;
  if (manifest.media.kind === 'folder') {
    const copied = await restoreMedia(config, from);
    if (copied !== manifest.media.files)
      throw new BackupError(
        `media: ${copied} files restored, the manifest lists ${manifest.media.files}`,
      );
    if (config.s3)
      notes.push(
        'the media went into DATA_DIR/media; copy them to the bucket: npm run cli -- media:copy-to-s3',
      );
  } else if (config.s3) {
    const listed = JSON.parse(fs.readFileSync(path.join(from, manifest.media.file), 'utf8')) as {
      keys: BucketKey[];
    };
    const present = new Set((await bucketKeys(config)).map((k) => k.key));
    missingMedia = listed.keys.filter((k) => !present.has(k.key)).length;
    if (missingMedia)
      notes.push(
        `${missingMedia} of the backup's ${listed.keys.length} media keys are not in bucket ${config.s3.bucket}`,
      );
  } else {
    notes.push(
      `the media are in bucket ${manifest.media.bucket} (not copied by backups): set S3_* to serve them`,
    );
  }
  return { manifest, missingMedia, notes };
}

function restoreSqliteChecks(config: Config): void {
  const file = sqliteFile(config);
  for (const f of [file, `${file}-wal`])
    if (fs.existsSync(f) && fs.statSync(f).size > 0)
      throw new BackupError(
        `${file} already exists: restore into an empty DATA_DIR (a new folder), never over a database`,
      );
}

async function restoreSqlite(config: Config, from: string, manifest: BackupManifest) {
  const file = sqliteFile(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  // Into place whole or not at all: a server started meanwhile never opens half a file.
  const temp = `${file}.restoring`;
  fs.copyFileSync(path.join(from, manifest.database_file), temp);
  const db = new SQLite(temp, { fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new BackupError(`the backup's database fails integrity_check: ${String(check)}`);
    checkCounts(manifest, sqliteCounts(db));
  } catch (error) {
    db.close();
    fs.rmSync(temp, { force: true });
    throw error;
  }
  db.close();
  fs.renameSync(temp, file);
}

async function restorePostgres(url: string, from: string, manifest: BackupManifest) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = 'public'`,
    );
    if (Number(rows[0].n) > 0)
      throw new BackupError(
        `the database of DATABASE_URL has ${rows[0].n} tables: restore into an empty database ` +
          `(createdb a new one and point DATABASE_URL at it)`,
      );
    const { url: plain, env } = libpqTarget(url);
    // Owners and grants of the source cluster need not exist here: the restoring role owns all.
    await run(
      'pg_restore',
      [
        // All or nothing: a restore that fails half way leaves the database empty, to try again.
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        '--no-password',
        '--dbname',
        plain,
        path.join(from, manifest.database_file),
      ],
      { env, maxBuffer: 16 * 2 ** 20 },
    ).catch((error: { stderr?: string }) => {
      throw new Error(`pg_restore failed: ${error.stderr?.trim() || String(error)}`);
    });
    checkCounts(manifest, await pgCounts(client));
  } finally {
    await client.end();
  }
}

async function restoreMedia(config: Config, from: string): Promise<number> {
  const to = path.join(config.dataDir, 'media');
  fs.mkdirSync(to, { recursive: true });
  const files = mediaFiles(path.join(from, MEDIA_DIR));
  for (const file of files)
    await fs.promises.copyFile(path.join(from, MEDIA_DIR, file), path.join(to, file));
  return files.length;
}

function checkCounts(manifest: BackupManifest, counts: Record<string, number>): void {
  const wrong = Object.entries(manifest.counts)
    .filter(([table, n]) => counts[table] !== n)
    .map(([table, n]) => `${table}: ${counts[table] ?? 'missing'} rows, the manifest says ${n}`);
  if (wrong.length)
    throw new BackupError(
      `the restored database differs from the backup:\n  ${wrong.join('\n  ')}`,
    );
}
