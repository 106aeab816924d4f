import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { isPostgresUrl } from '../db/connect';
import { migrations } from '../db/migrate';
import type { Dialect } from '../db/types';
import { S3MediaStorage } from '../media/s3-storage';
import { FILE_NAME } from '../media/storage';

// `npm run cli -- backup --to DIR` and `restore --from DIR` (issue 34 item 1, DESIGN §12
// "Operations"): each engine's own tool makes a consistent copy while the server runs and writes.
// SQLite: the online backup API (better-sqlite3's `backup`), copied in one step so that it reads
// one snapshot (a step cut in pages would restart each time the server writes). PostgreSQL:
// `pg_dump` in custom format on a snapshot exported by a transaction that counts the rows of the
// same snapshot. Then the media: the data folder's files (write-once, random names), or with S3
// a list of the bucket's keys (the bucket is not copied: it has its own versioning/replication).
// manifest.json is written last: a folder without one is an unfinished backup, never restored.

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'database.sqlite';
const PG_FILE = 'database.dump';
const MEDIA_DIR = 'media';
const MEDIA_KEYS = 'media-keys.json';
const MANIFEST_FORMAT = 1;

export interface BackupManifest {
  format: number;
  engine: Dialect;
  /** When the database snapshot was taken (ISO). */
  created_at: string;
  /** The last migration applied in the copy. */
  schema_version: string;
  database_file: string;
  /** Rows per table in the copy: checked after a restore. */
  counts: Record<string, number>;
  media:
    | { kind: 'folder'; files: number; bytes: number }
    | { kind: 's3'; bucket: string; keys: number; bytes: number; file: string };
}

/** A mistake of the operator (bad argument, wrong target): a message, no stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const run = promisify(execFile);

/** pg_dump/pg_restore from Debian's postgresql-client; checked before anything is written. */
export async function requireTool(tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  try {
    const { stdout } = await run(tool, ['--version']);
    return stdout.trim();
  } catch {
    throw new BackupError(
      `${tool} not found: PostgreSQL backups need the PostgreSQL client tools ` +
        `(Debian: apt-get install postgresql-client, of the server's major version or newer)`,
    );
  }
}

/** A libpq URL without its password, and the password for PGPASSWORD (never on a command line). */
function libpqTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

const sqliteFile = (config: Config) => path.join(config.dataDir, 'marketplace.sqlite');

// ---------------------------------------------------------------------------------------------
// Counting

function sqliteCounts(db: SQLite.Database): Record<string, number> {
  const tables = db
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((t) => [t, Number(db.prepare(`select count(*) from "${t}"`).pluck().get())]),
  );
}

function sqliteSchemaVersion(db: SQLite.Database): string {
  return String(
    db.prepare('select name from kysely_migration order by name desc limit 1').pluck().get() ?? '',
  );
}

async function pgCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const r = await client.query<{ n: string }>(`select count(*) as n from "${table_name}"`);
    counts[table_name] = Number(r.rows[0].n);
  }
  return counts;
}

async function pgSchemaVersion(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    'select name from kysely_migration order by name desc limit 1',
  );
  return rows[0]?.name ?? '';
}

// ---------------------------------------------------------------------------------------------
// Backup

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

function mediaFiles(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => FILE_NAME.test(f))
        .sort()
    : [];
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

interface BucketKey {
  key: string;
  size: number;
  etag: string;
}

async function bucketKeys(config: Config): Promise<BucketKey[]> {
  const storage = new S3MediaStorage(config.s3!);
  const keys: BucketKey[] = [];
  let token: string | undefined;
  do {
    const page = await storage.client.send(
      new ListObjectsV2Command({ Bucket: config.s3!.bucket, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? [])
      keys.push({ key: o.Key!, size: Number(o.Size ?? 0), etag: o.ETag ?? '' });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
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

// ---------------------------------------------------------------------------------------------
// Restore

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file))
    throw new BackupError(
      `${dir} has no ${MANIFEST}: not a backup, or one that did not finish (it is written last)`,
    );
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== MANIFEST_FORMAT || !manifest.engine || !manifest.counts)
    throw new BackupError(`${file}: not a manifest this version reads`);
  if (!fs.existsSync(path.join(dir, manifest.database_file)))
    throw new BackupError(`${dir} lacks ${manifest.database_file}, which its manifest names`);
  return manifest;
}

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
