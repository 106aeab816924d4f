import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../server/db/types';
import { searchBody } from '../shared/schemas/search';
import { search } from '../server/features/search/search.service';
import { pgTuning } from '../server/features/search/search-conditions';
import { searchCases } from '../bench/search-cases';
import { tracedRuns } from './trace-answer';

// DATABASE_URL=postgres://…/souq_bench_1000000 npx tsx scripts/trace-search-pg.ts [filter]
// PostgreSQL's counterpart of trace-search.ts: each search of npm run bench:search whose kind or
// body contains `filter`, on one connection set as the app's pool sets its own (jit off, work_mem
// 32 MB), run ROUNDS times (default 3) after one warm-up; prints the median time, the statements
// of the last run with their time, and a digest of the answer (ids, total, interpretation).
// EXPLAIN=ms: each statement slower than that is run again under EXPLAIN (ANALYZE, BUFFERS) and
// its plan printed. TUNING=off: pgTuning's choices all off (docs/search.md: the same ids either
// way); TUNING_OFF=key,key: those keys off. QUIET=1: one line a search. BODIES='[{…}, …]': these
// search bodies (kind "given") instead of the bench's. Read-only.
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (a seed:bulk PostgreSQL database) is needed');
const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off -c work_mem=32MB' });
const log: { sql: string; params: readonly unknown[]; ms: number }[] = [];
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (e) => {
    log.push({ sql: e.query.sql, params: e.query.parameters, ms: e.queryDurationMillis });
  },
});
if (process.env.TUNING === 'off') {
  for (const key of Object.keys(pgTuning) as (keyof typeof pgTuning)[]) pgTuning[key] = false;
}
for (const key of (process.env.TUNING_OFF ?? '').split(',').filter(Boolean)) {
  if (!(key in pgTuning)) throw new Error(`no pgTuning.${key}`);
  pgTuning[key as keyof typeof pgTuning] = false;
}
const filter = process.argv[2] ?? '';
const rounds = Number(process.env.ROUNDS ?? 3);
const explainOver = process.env.EXPLAIN === undefined ? Infinity : Number(process.env.EXPLAIN);
const quiet = !!process.env.QUIET;
const short = (s: string, n: number) => s.replace(/\s+/g, ' ').slice(0, n);

const given: { kind: string; body: Record<string, unknown>; source?: undefined }[] | undefined =
  process.env.BODIES
    ? (JSON.parse(process.env.BODIES) as Record<string, unknown>[]).map((body) => ({
        kind: 'given',
        body,
      }))
    : undefined;
for (const c of given ?? (await searchCases(db))) {
  const label = `${c.kind} ${c.source ? `${c.source.name}:${c.source.id} ` : ''}${JSON.stringify(c.body)}`;
  if (!label.includes(filter)) continue;
  const body = searchBody.parse(c.body);
  const run = () =>
    search(db, 'postgres', null, c.source?.name ?? 'all', c.source?.id ?? 0, body as never);
  const { answer, median, digest } = await tracedRuns(run, rounds, () => {
    log.length = 0;
  });
  const inSql = log.reduce((s, l) => s + l.ms, 0);
  console.info(
    `${median.toFixed(1).padStart(7)} ms (${log.length} statements, ${inSql.toFixed(1)} in SQL) ${digest} total ${answer.products.total}: ${label}`,
  );
  if (quiet) continue;
  const statements = [...log];
  for (const l of statements) {
    console.info(
      `  ${l.ms.toFixed(1).padStart(6)}  ${short(l.sql, 170)} ${short(JSON.stringify(l.params), 120)}`,
    );
  }
  for (const l of statements) {
    if (l.ms < explainOver) continue;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${l.sql}`,
      l.params as unknown[],
    );
    console.info(`\n  --- ${l.ms.toFixed(1)} ms: ${short(l.sql, 400)}`);
    console.info(`  ${short(JSON.stringify(l.params), 400)}`);
    for (const r of rows) console.info(`    ${r['QUERY PLAN']}`);
  }
}
await db.destroy();
