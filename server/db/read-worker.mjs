// One thread of the search read pool (server/db/read-pool.ts, docs/search.md "Searches in
// worker threads"): its own read-only connection to the SQLite file, answering one query at a
// time. Plain JavaScript, so that it runs as it is under tsx, vitest and the compiled server
// (scripts/build-server.mjs copies it next to dist/server/main.js).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, busyTimeoutMs, mmapBytes, cacheKib, statementCacheSize } = workerData;

/**
 * The connection, opened at the first query (and again at the next if that failed, e.g. the file
 * locked for longer than the busy timeout): a failure is the query's, answered with its code.
 */
let sqlite;
function connection() {
  if (sqlite) return sqlite;
  const opened = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    // The main connection made the file WAL (a setting of the file): each query here is its own
    // read transaction, which sees every write committed before it began (read-your-writes).
    opened.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // Each connection maps and caches on its own, and both count in the server's resident memory
    // (issue 17: 250 MB under load): the pool's connections keep little of either.
    opened.pragma(`mmap_size = ${mmapBytes}`);
    opened.pragma(`cache_size = -${cacheKib}`);
  } catch (error) {
    opened.close();
    throw error;
  }
  return (sqlite = opened);
}

// The most recently used prepared statements, as withStatementCache (connect.ts) keeps them.
const statements = new Map();
function prepare(sql) {
  let statement = statements.get(sql);
  if (statement) {
    statements.delete(sql); // move to the newest end
  } else {
    statement = connection().prepare(sql);
    if (statements.size >= statementCacheSize) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
}

/** Blobs arrive as Uint8Array (structured clone drops Buffer); SQLite binds Buffers only. */
const bindable = (p) => (p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p) : p);

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepare(sql);
    // A write here would fail anyway (read-only); say why rather than SQLITE_READONLY.
    if (!statement.reader)
      throw new Error('the search read pool runs only queries that return rows');
    // all() steps the statement to its end and resets it: no read transaction stays open between
    // queries, so the next one sees the latest commits.
    parentPort.postMessage({ id, rows: statement.all(parameters.map(bindable)) });
  } catch (error) {
    // What the app's error handling reads (server/db/errors.ts, unavailable.ts): the code
    // (SQLITE_BUSY, SQLITE_ERROR…) and the message, on an Error rebuilt by the pool.
    parentPort.postMessage({
      id,
      error: { name: error?.name, message: String(error?.message ?? error), code: error?.code },
    });
  }
});
