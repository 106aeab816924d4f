import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../server/db/types';
import { searchBody } from '../shared/schemas/search';
import { search } from '../server/features/search/search.service';
import { ftsTuning } from '../server/features/search/search-fts';
import { searchCases } from '../bench/search-cases';
import { tracedRuns } from './trace-answer';

// npx tsx scripts/trace-search.ts [filter] (DATA_DIR of a seed:bulk SQLite database)
// Each search of npm run bench:search whose kind or body contains `filter`, on one connection (no
// worker threads), run ROUNDS times (default 3) after one warm-up; prints the median time, the
// statements of the last run with their time, and a digest of the answer (ids, total,
// interpretation), as trace-search-pg.ts does. QUIET=1: one line a search. FTS_FILTERS=off: the
// filters tested on the rows, not asked of the text index (ftsTuning, migration 047). Read-only.
const file = path.join(process.env.DATA_DIR ?? 'data', 'marketplace.sqlite');
const sqlite = new SQLite(file, { readonly: true });
sqlite.pragma('cache_size = -16384');
const log: { sql: string; ms: number }[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (e) => {
    log.push({
      sql: `${e.query.sql.replace(/\s+/g, ' ').slice(0, 150)} ${JSON.stringify(e.query.parameters).slice(0, 120)}`,
      ms: e.queryDurationMillis,
    });
  },
});
if (process.env.FTS_FILTERS === 'off') ftsTuning.filtersInIndex = false;
const filter = process.argv[2] ?? '';
const rounds = Number(process.env.ROUNDS ?? 3);
const quiet = !!process.env.QUIET;
for (const c of await searchCases(db)) {
  const label = `${c.kind} ${c.source ? `${c.source.name}:${c.source.id} ` : ''}${JSON.stringify(c.body)}`;
  if (!label.includes(filter)) continue;
  const body = searchBody.parse(c.body);
  const run = () =>
    search(db, 'sqlite', null, c.source?.name ?? 'all', c.source?.id ?? 0, body as never);
  const { answer, median, digest } = await tracedRuns(run, rounds, () => {
    log.length = 0;
  });
  const inSql = log.reduce((s, l) => s + l.ms, 0);
  console.info(
    `${median.toFixed(1).padStart(7)} ms (${log.length} statements, ${inSql.toFixed(1)} in SQL) ${digest} total ${answer.products.total}: ${label}`,
  );
  if (quiet) continue;
  for (const l of log) console.info(`  ${l.ms.toFixed(1).padStart(6)}  ${l.sql}`);
}
await db.destroy();
