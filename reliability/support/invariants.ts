import SQLite from 'better-sqlite3';
import pg from 'pg';
import { REACTION_KINDS } from '../../shared/constants';

// Every counter column against the rows it counts (server/db/types.ts): each check lists the rows
// whose counter differs from a count made from scratch. The same SQL runs on both engines.

type Row = Record<string, unknown>;
export type Query = (sql: string) => Promise<Row[]>;

const counted = (table: string, counter: string, actual: string) =>
  `select id, ${counter} as counter, (${actual}) as actual from ${table} t`;

const reactionChecks = (['products', 'comments', 'commands'] as const).flatMap((table) =>
  REACTION_KINDS.map((kind) => ({
    name: `${table}.${kind}_count`,
    sql: counted(
      table,
      `${kind}_count`,
      `select count(*) from reactions r where r.reactionable_type = '${table.slice(0, -1)}'
         and r.reactionable_id = t.id and r.name = '${kind}'`,
    ),
  })),
);

export const COUNTER_CHECKS: { name: string; sql: string }[] = [
  {
    name: 'products.saved_count',
    sql: counted(
      'products',
      'saved_count',
      'select count(*) from saves s where s.product_id = t.id',
    ),
  },
  {
    name: 'products.reports_count',
    sql: counted(
      'products',
      'reports_count',
      'select count(*) from reports s where s.product_id = t.id',
    ),
  },
  ...(['product', 'comment', 'command'] as const).map((type) => ({
    name: `${type}s.comments_count`,
    sql: counted(
      `${type}s`,
      'comments_count',
      `select count(*) from comments c where c.commentable_type = '${type}' and c.commentable_id = t.id`,
    ),
  })),
  {
    name: 'products.commands_count',
    sql: counted(
      'products',
      'commands_count',
      'select count(*) from commands c where c.product_id = t.id',
    ),
  },
  {
    name: 'products.sold_count',
    sql: counted(
      'products',
      'sold_count',
      'select coalesce(sum(c.number), 0) from commands c where c.product_id = t.id and c.sold = 1',
    ),
  },
  ...reactionChecks,
];

export interface Drift {
  check: string;
  id: number;
  counter: number;
  actual: number;
}

/** Every counter that does not equal its rows (empty when all hold), and how many rows were checked. */
export async function counterDrift(query: Query): Promise<{ drift: Drift[]; checked: number }> {
  const drift: Drift[] = [];
  let checked = 0;
  for (const check of COUNTER_CHECKS) {
    const rows = await query(check.sql);
    checked += rows.length;
    for (const row of rows) {
      if (Number(row.counter) !== Number(row.actual)) {
        drift.push({
          check: check.name,
          id: Number(row.id),
          counter: Number(row.counter),
          actual: Number(row.actual),
        });
      }
    }
  }
  // A countable product never sells more than it has.
  const oversold = await query(
    `select p.id, p.sold_count as counter, p.number as actual from products p
       join psubcategories s on s.id = p.psubcategory_id
     where s.can_be_counted = 'yes' and p.sold_count > p.number`,
  );
  for (const row of oversold) {
    drift.push({
      check: 'products.sold_count <= number',
      id: Number(row.id),
      counter: Number(row.counter),
      actual: Number(row.actual),
    });
  }
  return { drift, checked };
}

/** Read-only queries on a SQLite file (WAL lets them run beside a live server). */
export function sqliteQuery(file: string): { query: Query; close(): void } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  return {
    query: async (sql) => db.prepare(sql).all() as Row[],
    close: () => db.close(),
  };
}

export async function postgresQuery(
  url: string,
): Promise<{ query: Query; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async (sql) => (await client.query(sql)).rows as Row[],
    close: () => client.end(),
  };
}
