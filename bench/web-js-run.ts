import fs from 'node:fs';
import os from 'node:os';
import { loadAverage, saveResult, table, writeSection } from './docs';
import { startServer } from './server';
import { measureRoutesJs, placedShopOf, shopOf, type ScriptJs } from './web-js';

// npm run bench:web-js: only the first-visit JavaScript and CSS of the main pages (bench/web-js.ts),
// with each page's scripts and their largest modules (minified KiB / gzip KiB alone) on stdout,
// without the HTTP load of `npm run bench`; needs `npm run build:web`. Writes its result to
// bench/results/web-js-<time>.json and the web-js table of docs/performance.md (BENCH_WRITE_DOC=0:
// stdout only).
if (!fs.existsSync('dist/web/index.html')) throw new Error('no dist/web: run npm run build:web');
const SEARCH_WORD = process.env.BENCH_SEARCH_WORD ?? 'toyota';
const server = await startServer();
try {
  const before = loadAverage();
  const base = server.info.address;
  const scripts: ScriptJs[] = [];
  // A placed shop's header has a map: its first view is measured too.
  const placedShop = await placedShopOf(base);
  const placed = placedShop ? [{ name: 'shop, placed', url: `/shops/shop/${placedShop}` }] : [];
  const rows = await measureRoutesJs(
    base,
    [
      { name: 'home', url: '/' },
      { name: 'search', url: `/search?name=${SEARCH_WORD}` },
      { name: 'offer', url: `/products/product/${server.info.productId}` },
      { name: 'shop', url: `/shops/shop/${await shopOf(base, server.info.productId)}` },
      ...placed,
    ],
    ['ar', 'fr'],
    scripts,
  );
  const at = new Date().toISOString();
  const after = loadAverage();
  const result = {
    at,
    machine: { cpus: os.cpus().length, node: process.version, load_average: { before, after } },
    data: server.data,
    web_js_first_visit: rows,
    scripts,
  };
  const out = saveResult('web-js', result);
  // What each page pays for: its scripts (gzip, largest first) and their largest modules.
  for (const row of rows) {
    const own = scripts
      .filter((s) => s.route === row.route && s.language === row.language)
      .sort((a, b) => b.gzip_kib - a.gzip_kib);
    console.info(
      `\n${row.route} (${row.language}): ${row.js_gzip_kib} KiB gzip in ${row.files} files`,
    );
    for (const script of own) {
      const top = script.modules
        .slice(0, Number(process.env.BENCH_MODULES ?? 8))
        .map((m) => `${m.module.replace(/^node_modules\//, '~')} ${m.kib}/${m.gzip_alone_kib}`)
        .join(', ');
      console.info(`  ${script.gzip_kib.toFixed(1).padStart(6)}  ${script.file}  ${top}`);
    }
  }
  console.table(rows);
  if (process.env.BENCH_WRITE_DOC !== '0') {
    const header = `Measured ${at} · ${os.cpus().length} CPUs · Node ${process.version} · load average before ${before}, after ${after} · data: ${server.data} · ${out}`;
    await writeSection('web-js', `${header}\n\n${table(rows)}`);
  }
  console.info(`results: ${out}`);
} finally {
  server.stop();
}
