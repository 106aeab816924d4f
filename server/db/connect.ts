import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import type { Database, DB, Dialect } from './types';
import { WriteTracker } from './write-tracker';
import { ReadPool, ReadPoolDialect } from './read-pool';

export interface Connection {
  db: DB;
  /**
   * Where searches read (server/features/search): on SQLite with SEARCH_READ_WORKERS > 0, a pool
   * of worker threads with read-only connections (server/db/read-pool.ts); otherwise `db`. Only
   * plain reads: no writes, no transactions.
   */
  readDb: DB;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections, read by /metrics; undefined on SQLite (one connection). */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /** Told each statement's duration (seconds) once /metrics is on (server/plugins/metrics.ts). */
  statements: StatementTimer;
}

export interface StatementTimer {
  observe: ((seconds: number, failed: boolean) => void) | null;
}

/** Kysely's query log, timing each statement only for whoever listens. */
function timed(timer: StatementTimer) {
  return (event: LogEvent) =>
    timer.observe?.(event.queryDurationMillis / 1000, event.level === 'error');
}

// PostgreSQL hands back int8 (count(*), sum()) as strings; every count here fits in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export interface ConnectOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL connections in the pool (DATABASE_POOL_MAX). */
  databasePoolMax?: number;
  /** PostgreSQL cancels a statement running longer than this (SQLSTATE 57014); 0: never. */
  statementTimeoutMs?: number;
  /** SQLite: worker threads running the searches' reads (SEARCH_READ_WORKERS; 0: none). */
  searchReadWorkers?: number;
}

export function connect(options: ConnectOptions): Connection {
  const statements: StatementTimer = { observe: null };
  if (isPostgresUrl(options.databaseUrl)) {
    // One slow statement must not hold a pooled connection for long: with every connection busy,
    // every request (health checks too) would wait (issue 14 item 3). PostgreSQL cancels it.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolMax ?? 10,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      // No JIT compiling: queries costed over jit_above_cost (a search's walk newest first, a
      // word's matches read and sorted) spent 20-50 ms compiling each, never paid back by
      // queries this short (docs/search.md, "PostgreSQL's slowest searches at 1,000,000").
      // work_mem 32 MB (default 4): a place's box at 1,000,000 products (238,000 entries) made a
      // lossy bitmap in 4 MB, so that 50 km around Nouakchott + voiture read and tested 10,067
      // rows outside the box; RUM sorts a word's postings in it (docs/search.md, "PostgreSQL at
      // 1,000,000, session 16"). It is per sort or bitmap of a query, per connection (10 a pool).
      options: '-c jit=off -c work_mem=32MB',
    });
    // A dropped connection (PostgreSQL restarting) must not crash the process. The pool listens
    // to its idle clients; a client in use (between two queries of a transaction) needs its own
    // listener, else its 'error' is unhandled. The query that meets it fails, the pool drops the
    // client on release (it is no longer queryable) and opens new ones.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new WriteTracker()],
      log: timed(statements),
    });
    return {
      db,
      readDb: db,
      dialect: 'postgres',
      close: () => db.destroy(),
      pool: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      statements,
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'marketplace.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Pages of the file mapped (read without a system call) and cached by SQLite itself: both
  // count in the server's resident memory, which issue 17 bounds at 250 MB under load at
  // 1,000,000 products (a 2 GiB mapping gave 1 GB; 96 MiB + 32 MiB of cache, 307 MB). 32 MiB
  // mapped + 16 MiB cache + the process itself; other pages come from the OS page cache (the
  // searches read compact covering indexes: docs/search.md, Speed at 1,000,000 products).
  sqlite.pragma(`mmap_size = ${32 * 2 ** 20}`);
  sqlite.pragma('cache_size = -16384');
  // Kysely's SQLite driver runs every query (and every transaction) on this one connection,
  // one at a time: writes are serialised, as DESIGN §5 asks.
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new WriteTracker()],
    log: timed(statements),
  });
  const workers = options.searchReadWorkers ?? 0;
  if (workers === 0)
    return { db, readDb: db, dialect: 'sqlite', close: () => db.destroy(), statements };
  // Searches read in worker threads, side by side and off the event loop (read-pool.ts). Each
  // connection maps and caches on its own: these keep no mapping and a small cache (their pages
  // come from the OS page cache, not counted in the server's memory). Each worker's young
  // generation is bounded too: left to V8 it grew to 14 MiB a worker under 4 connections at
  // 1,000,000 products (docs/search.md, "SQLite at 1,000,000, session 17"; the main thread's heap:
  // scripts/start.mjs).
  const pool = new ReadPool({
    file,
    size: workers,
    busyTimeoutMs: BUSY_TIMEOUT_MS,
    mmapBytes: 0,
    cacheKib: 8192,
    statementCacheSize: STATEMENT_CACHE_SIZE,
    youngGenerationMb: 8,
  });
  const readDb = new Kysely<Database>({
    dialect: new ReadPoolDialect(pool),
    plugins: [new WriteTracker()],
    log: timed(statements),
  });
  return {
    db,
    readDb,
    dialect: 'sqlite',
    statements,
    close: async () => {
      await readDb.destroy();
      await db.destroy();
    },
  };
}

const BUSY_TIMEOUT_MS = 5000;
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs as much as running a small query. Keep the
 * most recently used prepared statements (SQLite re-prepares them itself after a schema change).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // move to the newest end
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

export function now(): string {
  return new Date().toISOString();
}
