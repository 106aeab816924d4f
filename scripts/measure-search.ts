import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { searchCases } from '../bench/search-cases';

// npx tsx scripts/measure-search.ts [filter] (DATA_DIR / DATABASE_URL of a seed:bulk database)
// Each search of npm run bench:search on its own, sequentially, through the HTTP layer (inject:
// no network, no concurrency): p50 and p99 per search, to find the slow query shapes.
// `filter` keeps the searches whose kind or body contains it. ROUNDS=n (default 20).
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const app = await buildApp(config, { logger: false });
const rounds = Number(process.env.ROUNDS ?? 20);
const filter = process.argv[2] ?? '';

// An anonymous visitor's cookies and XSRF token, as the web app holds them.
const me = await app.inject({ method: 'GET', url: '/users/me' });
const cookies = me.cookies as { name: string; value: string }[];
const headers = {
  'x-requested-with': 'XMLHttpRequest',
  'x-xsrf-token': cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
console.info(`${app.dialect}, ${rounds} requests per search; ms`);
for (const c of await searchCases(app.db)) {
  const label = `${c.kind} ${c.source ? `${c.source.name}:${c.source.id} ` : ''}${JSON.stringify(c.body)}`;
  if (!label.includes(filter)) continue;
  const url = c.source
    ? `/products/${c.source.name}/${c.source.id}/search`
    : '/products/all/0/search';
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < rounds + 2; i++) {
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: 'POST', url, payload: c.body, headers });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    total = res.json().products.total;
    if (i >= 2) times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.info(
    `${pct(times, 0.5).toFixed(1).padStart(7)} ${pct(times, 0.99).toFixed(1).padStart(7)} ${String(total).padStart(5)}  ${label}`,
  );
}
await app.close();
