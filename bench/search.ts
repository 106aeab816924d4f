import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { connect } from '../server/db/connect';
import { start, startBuilt } from './server';
import { interleave, searchCases, type SearchCase } from './search-cases';
import { postgresDatabase, sqliteDatabase } from './search-data';

// npm run bench:search -- [--products N] [--pg URL] [--seconds S] [--connections C] [--bumped P]
// Seeds N generated products (scripts/seed-bulk.ts, P % of the offers bumped within the last 30
// days, default none; cached between runs, see search-data.ts)
// into SQLite and, given a PostgreSQL URL (--pg or BENCH_DATABASE_URL), into PostgreSQL; starts
// the real server on each and sends it a mix of searches (search-cases.ts) with autocannon.
// Prints p50/p95/p99 per engine, overall and per kind of search, next to the requests per
// second of a bare Fastify hello-world measured in the same run; writes
// bench/results/search-<timestamp>.json.
const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    pg: { type: 'string', default: process.env.BENCH_DATABASE_URL },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '30' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '4' },
    'skip-sqlite': { type: 'boolean', default: false },
    bumped: { type: 'string', default: '0' },
  },
});
const count = Number(args.products);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const bumped = Number(args.bumped);
if (
  ![count, seconds, connections].every((n) => Number.isSafeInteger(n) && n >= 1) ||
  !(bumped >= 0 && bumped <= 100)
) {
  console.error(
    'usage: npm run bench:search -- [--products N] [--pg URL] [--seconds S] [--connections C] [--bumped P]',
  );
  process.exit(2);
}
/** SPEC targets at 1,000,000 products (issue 6). */
const TARGET = { p95_ms: 30, p99_ms: 100 };
const WARMUP_SECONDS = Math.min(5, Math.ceil(seconds / 4));
/** How many of the slowest searches the console shows (the JSON has every one). */
const SLOWEST_SHOWN = 10;

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? +sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)].toFixed(1)
    : null;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50_ms: percentile(sorted, 0.5),
    p95_ms: percentile(sorted, 0.95),
    p99_ms: percentile(sorted, 0.99),
  };
}

const loadavg = () => os.loadavg().map((l) => +l.toFixed(2));

/** A search as the results name it: its kind, its source page when not all, and its body. */
const searchLabel = (c: SearchCase) =>
  `${c.kind}: ${c.source ? `${c.source.name}:${c.source.id} ` : ''}${JSON.stringify(c.body)}`;

const searchPath = (c: SearchCase) =>
  c.source ? `/products/${c.source.name}/${c.source.id}/search` : '/products/all/0/search';

/** An anonymous visitor's cookies and XSRF token, as the web app holds them. */
async function visitorHeaders(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/users/me`, { headers: { accept: 'application/json' } });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'x-xsrf-token': decodeURIComponent(xsrf ?? ''),
    cookie: cookies.join('; '),
  };
}

/** Each case once, in turn: checks every answer is a 200 and notes how many products match. */
async function checkCases(base: string, headers: Record<string, string>, cases: SearchCase[]) {
  const totals = new Map<string, number[]>();
  for (const c of cases) {
    const res = await fetch(base + searchPath(c), {
      method: 'POST',
      headers,
      body: JSON.stringify(c.body),
    });
    const text = await res.text();
    if (res.status !== 200)
      throw new Error(`${c.kind} ${JSON.stringify(c.body)}: ${res.status} ${text}`);
    const total = (JSON.parse(text) as { products: { total: number } }).products.total;
    totals.set(c.kind, [...(totals.get(c.kind) ?? []), total]);
  }
  return totals;
}

/**
 * The mix for `duration` seconds; latencies per kind and per search (each connection sends the
 * list in order).
 */
async function drive(
  base: string,
  headers: Record<string, string>,
  order: SearchCase[],
  duration: number,
) {
  const times = new Map<string, number[]>(order.map((c) => [c.kind, []]));
  const labels = order.map(searchLabel);
  const bySearch = new Map<string, number[]>(labels.map((label) => [label, []]));
  const all: number[] = [];
  const sent = new WeakMap<object, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        requests: order.map((c) => ({
          method: 'POST' as const,
          path: searchPath(c),
          headers,
          body: JSON.stringify(c.body),
        })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (client, _status, _bytes, ms) => {
      const n = sent.get(client) ?? 0;
      sent.set(client, n + 1);
      const i = n % order.length;
      times.get(order[i].kind)!.push(ms);
      bySearch.get(labels[i])!.push(ms);
      all.push(ms);
    });
  });
  return { result, times, bySearch, all };
}

async function measureEngine(engine: 'sqlite' | 'postgres', env: NodeJS.ProcessEnv) {
  const server = await startBuilt({ ...env, SEED_DEMO: '0' });
  try {
    const base = server.address;
    const connection = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
    const cases = await searchCases(connection.db).finally(() => connection.close());
    const headers = await visitorHeaders(base);
    const totals = await checkCases(base, headers, cases);
    const order = interleave(cases);
    await drive(base, headers, order, WARMUP_SECONDS);
    const load_before = loadavg();
    const { result, times, bySearch, all } = await drive(base, headers, order, seconds);
    return {
      engine,
      load_before,
      load_after: loadavg(),
      rps: Math.round(result.requests.average),
      errors: result.errors + result.non2xx + result.timeouts,
      overall: summary(all),
      kinds: [...times].map(([kind, list]) => ({
        kind,
        ...summary(list),
        matches: [...new Set(totals.get(kind))].sort((a, b) => a - b).join(' '),
      })),
      searches: [...bySearch].map(([search, list]) => ({ search, ...summary(list) })),
      server_rss_mb: server.memory().rss_mib,
      server_peak_rss_mb: server.memory().peak_rss_mib,
    };
  } finally {
    server.stop();
  }
}

async function helloRps() {
  const hello = await start('bench/hello.ts', {});
  try {
    const result = await autocannon({
      url: `${hello.info.address}/hello`,
      connections,
      duration: Math.min(seconds, 10),
    });
    return {
      rps: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
    };
  } finally {
    hello.child.kill();
  }
}

const engines: { engine: 'sqlite' | 'postgres'; env: NodeJS.ProcessEnv }[] = [];
if (!args['skip-sqlite'])
  engines.push({
    engine: 'sqlite',
    env: { ...(await sqliteDatabase(count, bumped)), DATABASE_URL: '' },
  });
if (args.pg) {
  engines.push({ engine: 'postgres', env: await postgresDatabase(args.pg, count, bumped) });
}

const at = new Date().toISOString();
const load_start = loadavg();
const hello = await helloRps();
const measured = [];
for (const { engine, env } of engines) measured.push(await measureEngine(engine, env));

const result = {
  at,
  products: count,
  bumped_percent: bumped,
  machine: { cpus: os.cpus().length, node: process.version, load_start, load_end: loadavg() },
  settings: { seconds, warmup_seconds: WARMUP_SECONDS, connections },
  target: TARGET,
  hello_world: hello,
  engines: measured.map((m) => ({
    ...m,
    target_met:
      (m.overall.p95_ms ?? Infinity) <= TARGET.p95_ms &&
      (m.overall.p99_ms ?? Infinity) <= TARGET.p99_ms &&
      m.kinds.every(
        (k) => (k.p95_ms ?? Infinity) <= TARGET.p95_ms && (k.p99_ms ?? Infinity) <= TARGET.p99_ms,
      ),
  })),
};
fs.mkdirSync('bench/results', { recursive: true });
const out = path.join('bench/results', `search-${at.replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(out, JSON.stringify(result, null, 2));

console.info(
  `\n${count.toLocaleString('en')} products · ${connections} connections · ${seconds} s a run · ` +
    `load ${load_start.join(' ')} → ${result.machine.load_end.join(' ')}\n` +
    `hello-world (bare Fastify): ${hello.rps} rps, p50 ${hello.p50_ms} ms, p99 ${hello.p99_ms} ms`,
);
for (const m of result.engines) {
  console.info(
    `\n${m.engine}: ${m.rps} rps (${+(m.rps / hello.rps).toFixed(3)} of hello-world), ` +
      `p50 ${m.overall.p50_ms} / p95 ${m.overall.p95_ms} / p99 ${m.overall.p99_ms} ms, ` +
      `${m.errors} errors, RSS ${m.server_rss_mb} MB (peak ${m.server_peak_rss_mb}), ` +
      `target ${m.target_met ? 'met' : 'NOT met'}`,
  );
  console.table(m.kinds);
  console.info('the slowest searches by p95:');
  console.table(
    [...m.searches].sort((a, b) => (b.p95_ms ?? 0) - (a.p95_ms ?? 0)).slice(0, SLOWEST_SHOWN),
  );
}
console.info(out);
