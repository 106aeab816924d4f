import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadAverage, saveResult, table, writeSection } from './docs';
import { startServer } from './server';
import { CHROME_FLAGS, CHROME_PATH, placedShopOf, shopOf } from './web-js';

// npm run bench:lighthouse: Lighthouse 12's mobile run (its default: simulated slow 4G and a 4×
// slower CPU) of the home page, a search results page, an offer page and its shop, and a shop with a place, on the
// production build (`npm run build` first: the web app and its server renderer) served on
// localhost; performance, SEO and accessibility, the median of LIGHTHOUSE_RUNS runs (5). Results: bench/results/lighthouse-<time>.json,
// docs/performance.md, stdout with the audits that cost the most.
const SEARCH_WORD = process.env.BENCH_SEARCH_WORD ?? 'toyota';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** The languages each page is run in (its visitor's Accept-Language), issue 31: both. */
const LANGUAGES = (process.env.LIGHTHOUSE_LANGS ?? 'ar,fr').split(',');

const server = await startServer();
const base = server.info.address.replace('127.0.0.1', 'localhost');
const placedShop = await placedShopOf(server.info.address);
const pages = [
  { name: 'home', url: '/' },
  { name: 'search', url: `/search?name=${SEARCH_WORD}` },
  { name: 'offer', url: `/products/product/${server.info.productId}` },
  { name: 'shop', url: `/shops/shop/${await shopOf(server.info.address, server.info.productId)}` },
  // A shop with a place: its header has a map.
  ...(placedShop ? [{ name: 'shop, placed', url: `/shops/shop/${placedShop}` }] : []),
];

// A server that has just started renders its first pages several times slower (modules loaded
// and compiled on first use), and Lighthouse takes the page's server time as is: each page is
// asked a few times first, as a server in service would have been.
for (const page of pages) {
  for (let i = 0; i < 3; i++) {
    await (
      await fetch(server.info.address + page.url, { headers: { accept: 'text/html' } })
    ).text();
  }
}

/** The figures before the scripts were moved after the first paint (issue 16, this machine). */
const BEFORE =
  "Before (server rendering with the scripts preloaded from the head and React's development " +
  'build on the server; 2026-11-26 00:02–00:15, 5 runs, load 5–21): performance 42 / 54 / 50 / 45 ' +
  '(home / search / offer / shop), LCP 4925 / 3495 / 3684 / 4546 ms, FCP 3272 / 3495 / 3195 / ' +
  '3566 ms, TBT 4651 / 2795 / 5434 / 3023 ms, CLS 0, SEO 100, accessibility 100 / 100 / 99 / 98. ' +
  'Before server rendering (main, two runs at load 4–7): performance 72–86, LCP 3.2–3.5 s, FCP ' +
  '2.2–2.4 s.';
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', ...CHROME_FLAGS],
});

/** The page elements an audit names (the LCP element, what shifted), as HTML snippets. */
function nodesOf(audit: { details?: unknown }): string[] {
  const found: string[] = [];
  JSON.stringify(audit.details ?? null, (key, value) => {
    if (key === 'snippet' && typeof value === 'string' && found.length < 5) found.push(value);
    return value;
  });
  return found;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const load = { before: loadAverage(), after: '' };
  const rows = [];
  const details: Record<string, unknown> = {};
  for (const page of pages.flatMap((p) => LANGUAGES.map((lang) => ({ ...p, lang })))) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // A run whose trace came out broken (NO_NAVSTART, seen under heavy load) is run again.
      let lhr;
      for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++) {
        const result = await lighthouse(base + page.url, {
          port: chrome.port,
          extraHeaders: { 'Accept-Language': page.lang },
          onlyCategories: ['performance', 'seo', 'accessibility'],
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error(`lighthouse gave nothing for ${page.url}`);
        lhr = result.lhr;
      }
      runs.push(lhr!);
    }
    const lhr = runs.sort(
      (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
    )[Math.floor(runs.length / 2)];
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    rows.push({
      page: page.name,
      lang: page.lang,
      url: page.url,
      score: Math.round(median(runs.map((r) => r.categories.performance.score ?? 0)) * 100),
      seo: Math.round(median(runs.map((r) => r.categories.seo?.score ?? 0)) * 100),
      accessibility: Math.round(
        median(runs.map((r) => r.categories.accessibility?.score ?? 0)) * 100,
      ),
      lcp_ms: ms('largest-contentful-paint'),
      fcp_ms: ms('first-contentful-paint'),
      tbt_ms: ms('total-blocking-time'),
      cls: +(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
      speed_index_ms: ms('speed-index'),
      error: lhr.runtimeError?.code ?? '',
    });
    // The audits that did not pass, cheapest first to read: what to fix next.
    details[`${page.name} ${page.lang}`] = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => ({ id: a.id, score: a.score, value: a.displayValue ?? '', nodes: nodesOf(a) }));
  }
  load.after = loadAverage();
  const result = {
    at: new Date().toISOString(),
    settings: {
      preset: 'mobile (lighthouse default)',
      runs_per_page: RUNS,
      languages: LANGUAGES,
      data: server.data,
    },
    load_average: load,
    pages: rows,
    failing_audits: details,
  };
  const out = saveResult('lighthouse', result);
  console.table(rows);
  console.info(JSON.stringify(details, null, 2));
  await writeSection(
    'lighthouse',
    `Measured ${result.at} · Lighthouse 12 mobile preset · ${RUNS} run(s) per page (median) · load average before ${load.before}, after ${load.after} · data: ${server.data} · ${out}\n\n${table(rows)}\n\n${BEFORE}`,
  );
  console.info(`results: ${out}`);
} finally {
  chrome.kill();
  server.stop();
}
