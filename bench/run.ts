import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { loadAverage, saveResult, table, writeSection } from './docs';
import { memoryOf, pageStatsOf, start, startServer, type PageStats, type Started } from './server';
import { measureRoutesJs } from './web-js';
import {
  benchAccounts,
  json,
  offerIds,
  page,
  signedInCookies,
  variedVisits,
  visitorCookies,
} from './visitors';

// npm run bench: requests per second and latency of the API's hot reads and of the pages people
// land on (a visitor's, a signed-in one's again and again, and many signed-in visitors' on many
// offers, first loads among them: bench/visitors.ts), each as a ratio to a bare Fastify hello-world
// measured in the same run, in turn with them, with the same connections, against the goals of
// issue 31; with BENCH_COMPARE_DIR, another checkout's server side by side; the server's memory
// after the load; the JavaScript each main page loads on a first visit (needs `npm run build`).
// Also per target: the server's CPU time a request (`server_cpu_us`, from /proc) and its ratio to
// hello-world's (`cpu_ratio`), and how busy the client was (`client_busy`, % of one core): on 2
// cores, autocannon reading 10 KB pages is itself the limit before the server is.
// Results: bench/results/http-<time>.json, docs/performance.md's tables, and stdout.
// BENCH_DATA_DIR: serve that data dir (e.g. a million products from `npm run seed:bulk`).
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SEARCH_WORD = process.env.BENCH_SEARCH_WORD ?? 'toyota';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/**
 * BENCH_WARMUP: seconds each target is asked before its first slice, not counted. Without it a
 * target's first slice carried the cold server's first requests (code not yet optimized, the
 * first render of a page kept), and its p99 (the worst slice's) was that second's.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
/** BENCH_ONLY: the targets whose name holds one of these (comma-separated), beside hello-world. */
const ONLY = process.env.BENCH_ONLY?.split(',');

interface Target {
  name: string;
  options: autocannon.Options;
  /** The process that answers (its CPU time is read from /proc per slice). */
  pid?: number;
  /** The server's page cache counts, asked before and after each slice (first loads). */
  pageStats?: () => Promise<PageStats | null>;
}

/**
 * Every target for DURATION seconds in all, in ROUNDS slices taken in turn (hello-world, product,
 * …, hello-world, product, …): on a machine shared with other jobs, a change of load then weighs
 * on every target alike instead of on whichever was running. rps: all requests over all slices;
 * p50: the median of the slices' p50; p99: the worst slice's. Each target is warmed first (WARMUP).
 */
async function measureInTurn(targets: Target[]) {
  const slices = targets.map(() => [] as autocannon.Result[]);
  // Per target: signed-in pages sent from a kept render, and of those the ones that found the
  // visitor's own page kept (the server's counts: with the requests still running at a slice's
  // end, which autocannon does not count).
  const served = targets.map(() => ({ kept: 0, reused: 0 }));
  // Per target: CPU time of the server and of this process (autocannon, the client), and the
  // wall time, in µs: on 2 cores a client that reads large answers can be the limit (session 17).
  const cpu = targets.map(() => ({ server: 0, client: 0, wall: 0 }));
  if (WARMUP > 0) {
    for (const target of targets) {
      await autocannon({ connections: CONNECTIONS, duration: WARMUP, ...target.options });
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries()) {
      const before = await target.pageStats?.();
      const serverAt = cpuMicros(target.pid);
      const clientAt = process.cpuUsage();
      const wallAt = performance.now();
      slices[i].push(
        await autocannon({
          connections: CONNECTIONS,
          duration: DURATION / ROUNDS,
          ...target.options,
        }),
      );
      const client = process.cpuUsage(clientAt);
      cpu[i].server += cpuMicros(target.pid) - serverAt;
      cpu[i].client += client.user + client.system;
      cpu[i].wall += (performance.now() - wallAt) * 1000;
      const after = await target.pageStats?.();
      if (before && after) {
        served[i].kept += after.keptServed - before.keptServed;
        served[i].reused += after.visitsReused - before.visitsReused;
      }
    }
  }
  return targets.map((target, i) => {
    const results = slices[i];
    const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
    const { kept, reused } = served[i];
    const firstLoads = kept ? 1 - reused / kept : null;
    const requests = results.reduce((n, r) => n + r.requests.total, 0);
    return {
      name: target.name,
      rps: Math.round(requests / results.reduce((t, r) => t + r.duration, 0)),
      server_cpu_us: target.pid && requests ? Math.round(cpu[i].server / requests) : null,
      client_busy: cpu[i].wall ? Math.round((100 * cpu[i].client) / cpu[i].wall) : null,
      p50_ms: p50s[Math.floor(p50s.length / 2)],
      p99_ms: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
      first_loads: firstLoads === null ? '' : `${(firstLoads * 100).toFixed(1)} %`,
    };
  });
}

const plainJson = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

// The signed-in offer page as many visitors read many offers: BENCH_VISITORS accounts of the
// bench's own (bench/visitors.ts) × BENCH_VISITED_OFFERS offers, every pair in turn.
const VISITORS = Number(process.env.BENCH_VISITORS ?? 20);
const VISITED_OFFERS = Number(process.env.BENCH_VISITED_OFFERS ?? 25);
const VARIED = `offer pages (signed in, ${VISITORS} visitors × ${VISITED_OFFERS} offers in turn)`;

/** Issue 31 item 4: what each target must reach, as a share of hello-world's rate. */
const GOALS: Record<string, { ratio: number; p99_ms?: number }> = {
  'GET /products/product/{id} JSON (visitor, as the web app)': { ratio: 0.6 },
  'offer page (visitor)': { ratio: 0.3, p99_ms: 50 },
  'search page (visitor)': { ratio: 0.3, p99_ms: 50 },
  'home page (visitor)': { ratio: 0.3, p99_ms: 50 },
  'offer page (signed in)': { ratio: 0.05, p99_ms: 50 },
  [VARIED]: { ratio: 0.05, p99_ms: 50 },
};

/** The targets of one server: the API's hot reads, then its pages. */
/** Linux's clock ticks a second (USER_HZ), as /proc/<pid>/stat counts CPU time. */
const CLOCK_TICKS = 100;

/** A process's CPU time so far (user + system), µs, from /proc; 0 without a pid. */
function cpuMicros(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

async function targetsOf(
  base: string,
  productId: number | undefined,
  pageStats: (() => Promise<PageStats | null>) | undefined,
  pid: number | undefined,
): Promise<Target[]> {
  const visitor = await visitorCookies(base);
  const signedIn = await signedInCookies(base);
  const offers = await offerIds(base, VISITED_OFFERS);
  const accounts = await benchAccounts(base, VISITORS, offers);
  const product = `${base}/products/product/${productId}`;
  const targets: Target[] = [
    {
      name: 'GET /products/product/{id} JSON (visitor, as the web app)',
      options: { url: product, headers: { ...json, cookie: visitor.cookie } },
    },
    {
      name: 'GET /products/product/{id} JSON (no cookies, no compression: an API client)',
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
    {
      name: 'offer page (visitor)',
      options: { url: product, headers: { ...page, cookie: visitor.cookie } },
    },
    {
      name: 'search page (visitor)',
      options: {
        url: `${base}/search?name=${SEARCH_WORD}`,
        headers: { ...page, cookie: visitor.cookie },
      },
    },
    {
      name: 'home page (visitor)',
      options: { url: `${base}/`, headers: { ...page, cookie: visitor.cookie } },
    },
    {
      name: 'offer page (signed in)',
      options: { url: product, headers: { ...page, cookie: signedIn } },
      pageStats,
    },
    { name: VARIED, options: variedVisits(base, accounts, offers), pageStats },
  ];
  return targets
    .filter((target) => !ONLY || ONLY.some((part) => target.name.includes(part)))
    .map((target) => ({ ...target, pid }));
}

// BENCH_COMPARE_DIR: another checkout (main's, built with `npm run build:web`) served beside this
// one on the same kind of data, its targets taken in turn with this one's: the two side by side.
const compareDir = process.env.BENCH_COMPARE_DIR;
const hello = await start('bench/hello.ts', {});
const server = await startServer();
const other = compareDir ? await startServer(compareDir) : null;
const base = server.info.address;

try {
  // The page cache's counts, from a server whose bench/serve.ts tells them.
  const countsOf = async (of: Started) =>
    (await pageStatsOf(of, 2_000)) ? () => pageStatsOf(of) : undefined;
  const mine = await targetsOf(
    base,
    server.info.productId,
    await countsOf(server),
    server.child.pid,
  );
  const theirs = other
    ? await targetsOf(
        other.info.address,
        other.info.productId,
        await countsOf(other),
        other.child.pid,
      )
    : [];
  const label = (target: Target, who: string) => ({ ...target, name: `${who}: ${target.name}` });
  const load: { before: string; after?: string } = { before: loadAverage() };
  const measured = await measureInTurn([
    {
      name: 'hello-world (bare Fastify)',
      options: { url: `${hello.info.address}/hello` },
      pid: hello.child.pid,
    },
    ...mine.flatMap((target, i) =>
      other ? [label(theirs[i], 'compared'), label(target, 'this')] : [target],
    ),
  ]);
  const memory = await memoryOf(server);
  const baseline = measured[0];
  // The ratio of CPU time a request: hello-world's over the target's (1: as cheap as hello-world).
  const cpuRatio = (us: number | null) =>
    us && baseline.server_cpu_us ? +(baseline.server_cpu_us / us).toFixed(3) : null;
  const http = measured.map((r) => ({
    ...r,
    ratio_to_hello: +(r.rps / baseline.rps).toFixed(3),
    cpu_ratio: cpuRatio(r.server_cpu_us),
  }));
  const rowOf = (name: string) => http.find((r) => r.name === name);
  // Per target: the compared server's figures and this one's, and whether this one meets the goal.
  const sideBySide = mine.map((target) => {
    const ours = rowOf(other ? `this: ${target.name}` : target.name)!;
    const compared = other ? rowOf(`compared: ${target.name}`) : undefined;
    const goal = GOALS[target.name];
    const met =
      goal &&
      ours.ratio_to_hello >= goal.ratio &&
      (goal.p99_ms === undefined || ours.p99_ms <= goal.p99_ms);
    return {
      name: target.name,
      ...(compared
        ? {
            compared_rps: compared.rps,
            compared_ratio: compared.ratio_to_hello,
            compared_cpu_ratio: compared.cpu_ratio,
            compared_p99_ms: compared.p99_ms,
          }
        : {}),
      rps: ours.rps,
      ratio: ours.ratio_to_hello,
      server_cpu_us: ours.server_cpu_us,
      cpu_ratio: ours.cpu_ratio,
      client_busy: ours.client_busy === null ? '' : `${ours.client_busy} %`,
      p50_ms: ours.p50_ms,
      p99_ms: ours.p99_ms,
      errors: ours.errors,
      ...(compared ? { compared_first_loads: compared.first_loads } : {}),
      first_loads: ours.first_loads,
      goal: goal
        ? `≥ ${goal.ratio}${goal.p99_ms ? `, p99 ≤ ${goal.p99_ms} ms` : ''}: ${met ? 'met' : 'NOT met'}`
        : '',
    };
  });
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
      warmup_s: WARMUP,
      connections: CONNECTIONS,
      data: server.data,
      compared_with: compareDir ?? null,
    },
    hello_world: {
      rps: baseline.rps,
      p50_ms: baseline.p50_ms,
      p99_ms: baseline.p99_ms,
      server_cpu_us: baseline.server_cpu_us,
      client_busy: baseline.client_busy,
    },
    http: sideBySide,
    server_memory_after_load: memory,
    web_js_first_visit: webJs,
  };
  const out = saveResult('http', result);

  console.info(
    `hello-world: ${baseline.rps} req/s · load average before ${load.before}, after ${load.after}`,
  );
  console.table(sideBySide);
  console.info(`server memory after the load: ${JSON.stringify(memory)} (data: ${server.data})`);
  if (webJs) console.table(webJs);
  else console.info('web JS: n/a (run npm run build first)');

  const compared = compareDir ? ` · compared with ${compareDir} (its columns \`compared_*\`)` : '';
  const header = `Measured ${result.at} · ${result.machine.cpus} CPUs · Node ${process.version} · load average before ${load.before}, after ${load.after} · ${CONNECTIONS} connections × ${DURATION} s (in ${ROUNDS} slices taken in turn, after ${WARMUP} s of each not counted) · data: ${server.data}${compared} · hello-world ${baseline.rps} req/s (p99 ${baseline.p99_ms} ms, ${baseline.server_cpu_us} µs of server CPU a request, client ${baseline.client_busy} % busy) · ${out}`;
  const section = server.data === 'demo seed' ? 'http' : 'http-large';
  await writeSection(
    section,
    `${header}\n\n${table(sideBySide)}\n\nServer memory after the load: RSS ${memory.rss_mib} MiB (peak ${memory.peak_rss_mib} MiB).`,
  );
  if (webJs) await writeSection('web-js', `${header}\n\n${table(webJs)}`);
  console.info(`results: ${out}`);
} finally {
  hello.child.kill();
  server.stop();
  other?.stop();
}
