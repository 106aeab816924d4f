import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

// Which tables this process has written to, as counters that only grow: an in-process cache of
// data read from some tables stays good while the sum of their counters has not moved (see
// tableVersion). Every query of the app goes through the plugin (server/db/connect.ts). Raw SQL
// that is not a plain select counts as a write to every table.

const versions = new Map<string, number>();
let everything = 0;

function bump(tables: Set<string> | 'all') {
  if (tables === 'all') everything++;
  else for (const t of tables) versions.set(t, (versions.get(t) ?? 0) + 1);
}

/** Names of every table the query names, in any part of it (subqueries included). */
function tablesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) tablesOf(item, found);
  } else if (node && typeof node === 'object') {
    const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
    if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(n.table.identifier.name);
    for (const value of Object.values(node)) if (typeof value === 'object') tablesOf(value, found);
  }
  return found;
}

function writtenTables(node: RootOperationNode): Set<string> | 'all' | null {
  if (node.kind === 'SelectQueryNode') return null;
  if (node.kind === 'RawNode') {
    const text = node.sqlFragments.join('').trimStart().slice(0, 6).toLowerCase();
    return text === 'select' ? null : 'all';
  }
  return tablesOf(node as OperationNode);
}

/**
 * A write another process made (PostgreSQL NOTIFY, server/events/bus.ts): `null` when events may
 * have been missed (the bus reconnected), which invalidates everything.
 */
export function noteExternalWrite(table: string | null): void {
  bump(table === null ? 'all' : new Set([table]));
}

/** Changes whenever a query of this process (or, on PostgreSQL, any process) writes to one of the tables. */
export function tableVersion(tables: readonly string[]): number {
  let sum = everything;
  for (const t of tables) sum += versions.get(t) ?? 0;
  return sum;
}

export class WriteTracker implements KyselyPlugin {
  private readonly pending = new WeakMap<object, Set<string> | 'all'>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const written = writtenTables(node);
    if (written) {
      bump(written);
      this.pending.set(queryId, written);
    }
    return node;
  }

  // Counted again once the statement has run: a reader that started in between does not keep
  // what it read under the newer version.
  async transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.pending.get(queryId);
    if (written) bump(written);
    return result;
  }
}
