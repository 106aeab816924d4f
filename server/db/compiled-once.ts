import type { CompiledQuery, Compilable } from 'kysely';
import type { Executor } from './types';

// The reads every signed-in request makes (its session, its unread count) spent about as much CPU
// building and compiling the same query again as running it (docs/performance.md "Hot reads
// compiled once"). A read declared here is built and compiled once per database (its dialect's
// SQL and where each value goes), then run with each call's values.
//
// The values reach `build` as stand-ins, so `build` may use them only as values of the query
// (a `where`, a `limit`), never to choose its shape: a stand-in that is not found among the
// compiled parameters (used in raw SQL, tested in JS) throws when the read is first compiled.
// Reads only: a write is seen by the write tracker (write-tracker.ts) when it is compiled, which
// here would be once.

type Stand = `\u0000compiled-once ${number}\u0000`;
const standIn = (index: number): Stand => `\u0000compiled-once ${index}\u0000`;

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the query: the index of the call's value it takes, or -1 (fixed). */
  places: number[];
}

function compile<Row>(query: CompiledQuery<Row>, stands: readonly Stand[]): Compiled<Row> {
  if (query.query.kind !== 'SelectQueryNode') throw new Error('compiledOnce: reads only');
  const places = query.parameters.map((value) => stands.indexOf(value as Stand));
  stands.forEach((stand, i) => {
    if (!places.includes(i)) {
      throw new Error(`compiledOnce: value ${i} (${stand}) is not a parameter`);
    }
  });
  return { query, places };
}

/**
 * `build` compiled once per executor (a transaction compiles its own), then run with the values.
 * The rows are those of `build(db, ...values).execute()`.
 */
export function compiledOnce<Values extends readonly unknown[], Row>(
  arity: Values['length'],
  build: (db: Executor, ...values: Values) => Compilable<Row>,
) {
  const stands = Array.from({ length: arity }, (_, i) => standIn(i));
  const byDb = new WeakMap<Executor, Compiled<Row>>();
  return async function run(db: Executor, ...values: Values): Promise<Row[]> {
    let compiled = byDb.get(db);
    if (!compiled) {
      compiled = compile(build(db, ...(stands as unknown as Values)).compile(), stands);
      byDb.set(db, compiled);
    }
    const { query, places } = compiled;
    const parameters = places.map((place, i) => (place < 0 ? query.parameters[i] : values[place]));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
