import { Worker } from 'node:worker_threads';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

// SQLite searches in worker threads (docs/search.md, "Searches in worker threads"). better-sqlite3
// is synchronous: on the main connection a search blocks the event loop and every other request
// waits behind it. Here each worker has its own read-only connection to the same WAL file, so
// searches run side by side (one per core) while the main thread goes on answering; writes and
// every other query stay on the main connection (DESIGN §5: writes serialised).

export interface ReadPoolOptions {
  /** The SQLite file (WAL mode, made and migrated by the main connection). */
  file: string;
  /** Worker threads, each with its own connection. */
  size: number;
  busyTimeoutMs: number;
  /** mmap_size of each worker's connection, bytes. */
  mmapBytes: number;
  /** cache_size of each worker's connection, KiB. */
  cacheKib: number;
  statementCacheSize: number;
  /**
   * V8's young generation of each worker, MiB (Worker resourceLimits.maxYoungGenerationSizeMb):
   * the rows a query builds are short-lived, and left to V8 a busy worker's grew to 14 MiB (1,000,000
   * products, 4 connections), counted in the server's resident memory (docs/search.md, "SQLite at 1,000,000, session 17").
   */
  youngGenerationMb?: number;
}

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

type Answer =
  | { id: number; rows: unknown[] }
  | { id: number; error: { name?: string; message: string; code?: string } };

/** An Error as SQLite's own: the app's error handling reads `code` (server/db/errors.ts). */
function rebuilt(e: { name?: string; message: string; code?: string }): Error {
  const error = new Error(e.message) as Error & { code?: string };
  if (e.name) error.name = e.name;
  if (e.code) error.code = e.code;
  return error;
}

/** Blobs come back as Uint8Array (structured clone drops Buffer); the main connection gives Buffers. */
function withBuffers(rows: unknown[]): unknown[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const key in row) {
      const v = row[key];
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) {
        row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
      }
    }
  }
  return rows;
}

export class ReadPool {
  private readonly slots: (Slot | null)[];
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: ReadPoolOptions) {
    // Started on the first query: a process (or a test) that never searches starts no thread.
    this.slots = Array.from({ length: options.size }, () => null);
  }

  /** The rows of one query, run by the least busy worker. */
  query(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('the search read pool is closed'));
    const slot = this.leastBusy();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (slot.pending.size === 0) slot.worker.ref();
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, sql, parameters });
    });
  }

  /** Queries waiting for or running in each worker (tests, and how dispatch chooses). */
  busy(): number[] {
    return this.slots.map((s) => s?.pending.size ?? 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.filter((s): s is Slot => s !== null);
    this.slots.fill(null);
    for (const s of slots) this.fail(s, new Error('the search read pool is closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private leastBusy(): Slot {
    let best = -1;
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i];
      // An empty place (never started, or its worker died) is idle: start a worker there.
      if (!s) return (this.slots[i] = this.spawn(i));
      if (best < 0 || s.pending.size < this.slots[best]!.pending.size) best = i;
    }
    return this.slots[best]!;
  }

  private spawn(index: number): Slot {
    const { file, busyTimeoutMs, mmapBytes, cacheKib, statementCacheSize, youngGenerationMb } =
      this.options;
    const worker = new Worker(new URL('./read-worker.mjs', import.meta.url), {
      workerData: { file, busyTimeoutMs, mmapBytes, cacheKib, statementCacheSize },
      ...(youngGenerationMb
        ? { resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } }
        : {}),
    });
    // An idle worker does not keep the process alive (query() holds it while it answers).
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (answer: Answer) => {
      const waiting = slot.pending.get(answer.id);
      if (!waiting) return;
      slot.pending.delete(answer.id);
      if (slot.pending.size === 0) worker.unref();
      if ('error' in answer) waiting.reject(rebuilt(answer.error));
      else waiting.resolve(withBuffers(answer.rows));
    });
    let failure: Error | undefined;
    // What the worker threw, as Node hands it over (a plain object for an Error subclass).
    worker.on('error', (error) => (failure = error instanceof Error ? error : rebuilt(error)));
    // A worker that dies (it could not open the file, ran out of memory, was killed) fails the
    // queries it held; the next query starts a new one in its place.
    worker.on('exit', (code) => {
      if (this.slots[index] === slot) this.slots[index] = null;
      this.fail(slot, failure ?? new Error(`a search read worker stopped (exit code ${code})`));
    });
    return slot;
  }

  private fail(slot: Slot, error: Error) {
    for (const waiting of slot.pending.values()) waiting.reject(error);
    slot.pending.clear();
  }
}

class ReadPoolConnection implements DatabaseConnection {
  constructor(private readonly pool: ReadPool) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.query(compiled.sql, compiled.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the search read pool does not stream');
  }
}

const noTransactions = () => {
  // Each query may run in a different worker: there is no connection to hold a transaction.
  throw new Error('the search read pool runs no transactions (use the main connection)');
};

class ReadPoolDriver implements Driver {
  private readonly connection: ReadPoolConnection;

  constructor(private readonly pool: ReadPool) {
    this.connection = new ReadPoolConnection(pool);
  }

  async init() {}
  /** One stateless connection for every caller: the pool itself chooses a worker per query. */
  async acquireConnection() {
    return this.connection;
  }
  async releaseConnection() {}
  beginTransaction = noTransactions;
  commitTransaction = noTransactions;
  rollbackTransaction = noTransactions;
  async destroy() {
    await this.pool.close();
  }
}

/** Kysely's SQLite SQL, run by the pool's workers. */
export class ReadPoolDialect implements Dialect {
  constructor(private readonly pool: ReadPool) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver() {
    return new ReadPoolDriver(this.pool);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}
