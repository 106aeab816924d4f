// Whether a failure means the database cannot be reached right now (PostgreSQL restarting or
// refusing connections, a connection cut mid-query, SQLite's lock held past the busy timeout),
// as opposed to a fault in the request or the code. Such a failure is answered 503 with
// Retry-After: the client may simply try again in a moment.

/** SQLSTATE classes and codes of a lost or refused connection (PostgreSQL appendix A). */
const PG_UNAVAILABLE = /^(08\d{3}|57P0[1-3]|53300)$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);
/** What node-postgres throws, without a code, when a connection ends or the pool waits too long. */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (PG_UNAVAILABLE.test(code) || NETWORK_CODES.has(code) || SQLITE_CODES.has(code)) return true;
  }
  if (PG_MESSAGES.test(error.message)) return true;
  // AggregateError: every address tried refused (localhost resolving to ::1 and 127.0.0.1).
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}

/** PostgreSQL cancelled the statement: it ran past statement_timeout (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '57014';
}
