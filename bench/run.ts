import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { loadAverage, saveResult, table, writeSection } from './docs';
import { memoryOf, start, startServer } from './server';
import { measureRoutesJs } from './web-js';

// npm run bench: requests per second and latency of the API's hot reads, each as a ratio to a bare
// Fastify hello-world measured in the same run, in turn with them, with the same connections; the server's memory
// after the load; the JavaScript each main page loads on a first visit (needs `npm run build`).
// Results: bench/results/http-<time>.json, docs/performance.md's tables, and stdout.
// BENCH_DATA_DIR: serve that data dir (e.g. a million products from `npm run seed:bulk`).
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SEARCH_WORD = process.env.BENCH_SEARCH_WORD ?? 'toyota';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Target {
  name: string;
  options: autocannon.Options;
}

/**
 * Every target for DURATION seconds in all, in ROUNDS slices taken in turn (hello-world, product,
 * …, hello-world, product, …): on a machine shared with other jobs, a change of load then weighs
 * on every target alike instead of on whichever was running. rps: all requests over all slices;
 * p50: the median of the slices' p50; p99: the worst slice's.
 */
async function measureInTurn(targets: Target[]) {
  const slices = targets.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries()) {
      slices[i].push(
        await autocannon({
          connections: CONNECTIONS,
          duration: DURATION / ROUNDS,
          ...target.options,
        }),
      );
    }
  }
  return targets.map((target, i) => {
    const results = slices[i];
    const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
    return {
      name: target.name,
      rps: Math.round(
        results.reduce((n, r) => n + r.requests.total, 0) /
          results.reduce((t, r) => t + r.duration, 0),
      ),
      p50_ms: p50s[Math.floor(p50s.length / 2)],
      p99_ms: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
    };
  });
}

/** The cookies a first page view gives (sid, XSRF-TOKEN), as the web app then sends them. */
async function visitorCookies(base: string) {
  const res = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), xsrf: xsrf ?? '' };
}

const hello = await start('bench/hello.ts', {});
const server = await startServer();
const base = server.info.address;
const product = `${base}/products/product/${server.info.productId}`;
// What the web app's fetches send (Chromium adds accept-encoding to every request).
const json = {
  accept: 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  'accept-encoding': 'gzip, deflate, br, zstd',
};
const plainJson = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

try {
  const visitor = await visitorCookies(base);
  const load: { before: string; after?: string } = { before: loadAverage() };
  const measured = await measureInTurn([
    { name: 'hello-world (bare Fastify)', options: { url: `${hello.info.address}/hello` } },
    {
      name: 'GET /products/product/{id} (visitor, as the web app)',
      options: { url: product, headers: { ...json, cookie: visitor.cookie } },
    },
    {
      name: 'GET /products/product/{id} (no cookies, no compression: an API client)',
      options: { url: product, headers: plainJson },
    },
    {
      name: `POST /products/all/0/search {name: "${SEARCH_WORD}"} (visitor)`,
      options: {
        url: `${base}/products/all/0/search`,
        method: 'POST',
        headers: {
          ...json,
          'content-type': 'application/json',
          cookie: visitor.cookie,
          'x-xsrf-token': visitor.xsrf,
        },
        body: JSON.stringify({ name: SEARCH_WORD }),
      },
    },
  ]);
  const memory = await memoryOf(server);
  const baseline = measured[0];
  const http = measured.map((r) => ({ ...r, ratio_to_hello: +(r.rps / baseline.rps).toFixed(3) }));
  const pages = [
    { name: 'home', url: '/' },
    { name: 'search', url: `/search?name=${SEARCH_WORD}` },
    { name: 'offer', url: `/products/product/${server.info.productId}` },
  ];
  const webJs = fs.existsSync('dist/web/index.html') ? await measureRoutesJs(base, pages) : null;
  load.after = loadAverage();

  const result = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, load_average: load },
    settings: {
      duration_s: DURATION,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      data: server.data,
    },
    http,
    server_memory_after_load: memory,
    web_js_first_visit: webJs,
  };
  const out = saveResult('http', result);

  console.table(http);
  console.info(`server memory after the load: ${JSON.stringify(memory)} (data: ${server.data})`);
  if (webJs) console.table(webJs);
  else console.info('web JS: n/a (run npm run build first)');

  const header = `Measured ${result.at} · ${result.machine.cpus} CPUs · Node ${process.version} · load average before ${load.before}, after ${load.after} · ${CONNECTIONS} connections × ${DURATION} s (in ${ROUNDS} slices taken in turn) · data: ${server.data} · ${out}`;
  const section = server.data === 'demo seed' ? 'http' : 'http-large';
  await writeSection(
    section,
    `${header}\n\n${table(http)}\n\nServer memory after the load: RSS ${memory.rss_mib} MiB (peak ${memory.peak_rss_mib} MiB).`,
  );
  if (webJs) await writeSection('web-js', `${header}\n\n${table(webJs)}`);
  console.info(`results: ${out}`);
} finally {
  hello.child.kill();
  server.stop();
}
