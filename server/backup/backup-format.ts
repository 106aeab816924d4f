import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Config } from '../config';
import type { Dialect } from '../db/types';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
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
export const SQLITE_FILE = 'database.sqlite';
export const PG_FILE = 'database.dump';
export const MEDIA_DIR = 'media';
export const MEDIA_KEYS = 'media-keys.json';
export const MANIFEST_FORMAT = 1;

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

export const run = promisify(execFile);

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
export function libpqTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

export function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

export const sqliteFile = (config: Config) => path.join(config.dataDir, 'marketplace.sqlite');

// ---------------------------------------------------------------------------------------------
// Counting

export function sqliteCounts(db: SQLite.Database): Record<string, number> {
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

export function sqliteSchemaVersion(db: SQLite.Database): string {
  return String(
    db.prepare('select name from kysely_migration order by name desc limit 1').pluck().get() ?? '',
  );
}

export async function pgCounts(client: pg.ClientBase): Promise<Record<string, number>> {
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

export async function pgSchemaVersion(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    'select name from kysely_migration order by name desc limit 1',
  );
  return rows[0]?.name ?? '';
}

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

export function mediaFiles(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => FILE_NAME.test(f))
        .sort()
    : [];
}

export interface BucketKey {
  key: string;
  size: number;
  etag: string;
}

export async function bucketKeys(config: Config): Promise<BucketKey[]> {
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
