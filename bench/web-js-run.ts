import fs from 'node:fs';
import os from 'node:os';
import { loadAverage, saveResult, table, writeSection } from './docs';
import { startServer } from './server';
import { measureRoutesJs } from './web-js';

// npm run bench:web-js: only the first-visit JavaScript and CSS of the main pages (bench/web-js.ts),
// without the HTTP load of `npm run bench`; needs `npm run build:web`. Writes its result to
// bench/results/web-js-<time>.json and the web-js table of docs/performance.md (BENCH_WRITE_DOC=0:
// stdout only).
if (!fs.existsSync('dist/web/index.html')) throw new Error('no dist/web: run npm run build:web');
const SEARCH_WORD = process.env.BENCH_SEARCH_WORD ?? 'toyota';
const server = await startServer();
try {
  const before = loadAverage();
  const base = server.info.address;
  const rows = await measureRoutesJs(base, [
    { name: 'home', url: '/' },
    { name: 'search', url: `/search?name=${SEARCH_WORD}` },
    { name: 'offer', url: `/products/product/${server.info.productId}` },
  ]);
  const at = new Date().toISOString();
  const after = loadAverage();
  const result = {
    at,
    machine: { cpus: os.cpus().length, node: process.version, load_average: { before, after } },
    data: server.data,
    web_js_first_visit: rows,
  };
  const out = saveResult('web-js', result);
  console.table(rows);
  if (process.env.BENCH_WRITE_DOC !== '0') {
    const header = `Measured ${at} · ${os.cpus().length} CPUs · Node ${process.version} · load average before ${before}, after ${after} · data: ${server.data} · ${out}`;
    await writeSection('web-js', `${header}\n\n${table(rows)}`);
  }
  console.info(`results: ${out}`);
} finally {
  server.stop();
}
