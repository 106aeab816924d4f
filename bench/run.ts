import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { childRss, start } from './child';

// npm run bench: requests per second and latency of the API's hot reads, each as a ratio to a bare
// Fastify hello-world measured in the same run, and the gzipped JavaScript the home page loads.
// Results: bench/results/<timestamp>.json and a table on stdout.
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function measure(name: string, options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function homeJsGzipBytes(): number | null {
  const index = path.resolve('dist/web/index.html');
  if (!fs.existsSync(index)) return null;
  const html = fs.readFileSync(index, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return scripts.reduce(
    (sum, file) =>
      sum + zlib.gzipSync(fs.readFileSync(path.resolve('dist/web', file)), { level: 9 }).length,
    0,
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
const hello = await start('bench/hello.ts', {});
const server = await start('bench/serve.ts', { DATA_DIR: dataDir, SEED_DEMO: '1' });
const base = String(server.info.address);
const json = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

try {
  const rows = [];
  const baseline = await measure('hello-world (bare Fastify)', {
    url: `${hello.info.address}/hello`,
  });
  rows.push(baseline);
  const product = await measure('GET /products/product/{id}', {
    url: `${base}/products/product/${server.info.productId}`,
    headers: json,
  });
  rows.push(product);
  const table = rows.map((r) => ({ ...r, ratio_to_hello: +(r.rps / baseline.rps).toFixed(3) }));
  const rss = await childRss(server.child);
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    settings: {
      duration_s: DURATION,
      connections: CONNECTIONS,
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
    },
    http: table,
    server_rss_mb: Math.round(rss / 1024 / 1024),
    home_js_gzip_kib: (() => {
      const bytes = homeJsGzipBytes();
      return bytes === null ? null : +(bytes / 1024).toFixed(1);
    })(),
  };
  fs.mkdirSync('bench/results', { recursive: true });
  const out = path.join('bench/results', `${result.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
  console.table(table);
  console.info(
    `server RSS ${result.server_rss_mb} MB · home page JS ${result.home_js_gzip_kib ?? 'n/a (run npm run build)'} KiB gzipped · ${out}`,
  );
} finally {
  hello.child.kill();
  server.child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
