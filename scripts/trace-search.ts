import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../server/db/types';
import { searchBody } from '../shared/schemas/search';
import { search } from '../server/features/search/search.service';
import { searchCases } from '../bench/search-cases';

// npx tsx scripts/trace-search.ts [filter] (DATA_DIR of a seed:bulk SQLite database)
// Each search of npm run bench:search whose kind or body contains `filter`, run twice on one
// connection (no worker threads); the second run's statements are printed with their time, to
// see where one search's time goes (how many reads, which costs). Read-only.
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
const filter = process.argv[2] ?? '';
for (const c of await searchCases(db)) {
  const label = `${c.kind} ${c.source ? `${c.source.name}:${c.source.id} ` : ''}${JSON.stringify(c.body)}`;
  if (!label.includes(filter)) continue;
  const body = searchBody.parse(c.body);
  const run = () =>
    search(db, 'sqlite', null, c.source?.name ?? 'all', c.source?.id ?? 0, body as never);
  await run();
  log.length = 0;
  const started = performance.now();
  const answer = await run();
  const ms = performance.now() - started;
  const inSql = log.reduce((s, l) => s + l.ms, 0);
  console.info(
    `\n${ms.toFixed(1)} ms (${log.length} statements, ${inSql.toFixed(1)} ms in SQL), total ${answer.products.total}: ${label}`,
  );
  for (const l of log) console.info(`  ${l.ms.toFixed(1).padStart(6)}  ${l.sql}`);
}
await db.destroy();
