import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RawNode,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

// Which tables this process has written to, as counters that only grow: an in-process cache of
// data read from some tables stays good while the sum of their counters has not moved (see
// tableVersion). Every query of the app goes through the plugin (server/db/connect.ts). Raw SQL
// that is not a plain select counts as a write to every table.

const versions = new Map<string, number>();
let everything = 0;

/** Told of every write this process's queries make (not of other processes' writes). */
const localWriteListeners = new Set<(tables: Set<string> | 'all') => void>();

/**
 * `listener` hears each write of this process's queries, before and after it runs, with the
 * tables it writes (not those it only reads, as a session's insert reads `users`); undo with the
 * result.
 */
export function onLocalWrite(listener: (tables: Set<string> | 'all') => void): () => void {
  localWriteListeners.add(listener);
  return () => localWriteListeners.delete(listener);
}

function bump(tables: Set<string> | 'all') {
  if (tables === 'all') everything++;
  else for (const t of tables) versions.set(t, (versions.get(t) ?? 0) + 1);
}

interface Write {
  /** Every table the statement names (a subquery's too): their versions move. */
  named: Set<string> | 'all';
  /** The tables it writes, when known. */
  target: Set<string> | 'all';
}

function bumpLocal(write: Write) {
  bump(write.named);
  for (const listener of localWriteListeners) listener(write.target);
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

/**
 * The first word of raw SQL, looking into a part it starts with (sql`${select} order by …`: the
 * fragments around that part alone start with "order").
 */
function leadingWord(node: RawNode): string {
  let text = '';
  for (const [i, fragment] of node.sqlFragments.entries()) {
    text += fragment;
    if (/\S/.test(text)) break;
    const part = node.parameters[i];
    if (part?.kind === 'RawNode') text += leadingWord(part as RawNode);
    else if (part) text += '?';
    if (/\S/.test(text)) break;
  }
  return text.trimStart().slice(0, 6).toLowerCase();
}

/** The table an insert, update or delete writes (through an alias too), else every one it names. */
function targetOf(node: OperationNode, named: Set<string>): Set<string> {
  const n = node as {
    into?: OperationNode;
    table?: OperationNode;
    from?: { froms?: OperationNode[] };
  };
  const target =
    node.kind === 'InsertQueryNode'
      ? n.into
      : node.kind === 'UpdateQueryNode'
        ? n.table
        : node.kind === 'DeleteQueryNode'
          ? n.from?.froms?.[0]
          : undefined;
  const tables = target ? tablesOf((target as { node?: OperationNode }).node ?? target) : named;
  return tables.size ? tables : named;
}

function writeOf(node: RootOperationNode): Write | null {
  if (node.kind === 'SelectQueryNode') return null;
  if (node.kind === 'RawNode') {
    return leadingWord(node as RawNode) === 'select' ? null : { named: 'all', target: 'all' };
  }
  const named = tablesOf(node as OperationNode);
  return { named, target: targetOf(node as OperationNode, named) };
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
  private readonly pending = new WeakMap<object, Write>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const written = writeOf(node);
    if (written) {
      bumpLocal(written);
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
    if (written) bumpLocal(written);
    return result;
  }
}
