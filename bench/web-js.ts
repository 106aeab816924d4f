import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

// The JavaScript a first visit loads, as Chromium really fetches it: each route opened in a fresh
// browser context (empty cache), every script response counted once, with the size of its
// gzipped and brotli forms that the build wrote beside it (dist/web/assets/*.gz, *.br). The same
// for the stylesheets it loads (the global one, then each page's own, issue 15).

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const kib = (bytes: number) => +(bytes / 1024).toFixed(1);

function sizeOf(file: string): number {
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

export interface RouteJs {
  route: string;
  language: string;
  files: number;
  js_raw_kib: number;
  js_gzip_kib: number;
  js_brotli_kib: number;
  css_files: number;
  css_raw_kib: number;
  css_gzip_kib: number;
}

/** One script a first visit loaded, and the modules it is made of (dist/web/.vite/modules.json). */
export interface ScriptJs {
  route: string;
  language: string;
  file: string;
  gzip_kib: number;
  /** Its largest modules: minified KiB, and each one's gzip KiB counted alone. */
  modules: { module: string; kib: number; gzip_alone_kib: number }[];
}

/** The offer's shop, from the offer's own JSON answer. */
export async function shopOf(base: string, productId: number | undefined): Promise<number> {
  const answer = await fetch(`${base}/products/product/${productId}`, {
    headers: { accept: 'application/json' },
  });
  const body = (await answer.json()) as { product: { shop: { id: number } } };
  return body.product.shop.id;
}

/** A shop with a place (its page's header has a map), if the data has one: the demo seed's have. */
export async function placedShopOf(base: string): Promise<number | null> {
  const answer = await fetch(`${base}/shops/paginate/all/0?page=1`, {
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  const body = (await answer.json()) as {
    shops: { data: { id: number; latitude: number | null }[] };
  };
  return body.shops.data.find((shop) => shop.latitude !== null)?.id ?? null;
}

type ModuleSizes = Record<string, { module: string; bytes: number; gzip: number }[]>;

export async function measureRoutesJs(
  base: string,
  routes: { name: string; url: string }[],
  languages = ['ar', 'fr'],
  /** Filled, when given, with every script of every route and its largest modules. */
  scriptsOut?: ScriptJs[],
): Promise<RouteJs[]> {
  const modulesFile = path.resolve('dist/web/.vite/modules.json');
  const moduleSizes: ModuleSizes = fs.existsSync(modulesFile)
    ? (JSON.parse(fs.readFileSync(modulesFile, 'utf8')) as ModuleSizes)
    : {};
  const assets = path.resolve('dist/web');
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const rows: RouteJs[] = [];
  try {
    for (const language of languages) {
      for (const route of routes) {
        const context = await browser.newContext({ locale: language });
        await context.addCookies([{ name: 'lang', value: language, url: base }]);
        const page = await context.newPage();
        const scripts = new Set<string>();
        const styles = new Set<string>();
        page.on('response', (res) => {
          const url = new URL(res.url());
          if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
          if (url.pathname.endsWith('.css')) styles.add(url.pathname);
        });
        await page.goto(base + route.url, { waitUntil: 'networkidle' });
        await context.close();
        const files = [...scripts].map((p) => path.join(assets, p));
        for (const script of scripts) {
          const file = script.replace(/^\//, '');
          scriptsOut?.push({
            route: route.name,
            language,
            file,
            gzip_kib: kib(sizeOf(path.join(assets, `${file}.gz`))),
            modules: (moduleSizes[file] ?? []).slice(0, 25).map((m) => ({
              module: m.module,
              kib: kib(m.bytes),
              gzip_alone_kib: kib(m.gzip),
            })),
          });
        }
        const sheets = [...styles].map((p) => path.join(assets, p));
        rows.push({
          route: route.name,
          language,
          files: files.length,
          js_raw_kib: kib(files.reduce((s, f) => s + sizeOf(f), 0)),
          js_gzip_kib: kib(files.reduce((s, f) => s + sizeOf(`${f}.gz`), 0)),
          js_brotli_kib: kib(files.reduce((s, f) => s + sizeOf(`${f}.br`), 0)),
          css_files: sheets.length,
          css_raw_kib: kib(sheets.reduce((s, f) => s + sizeOf(f), 0)),
          css_gzip_kib: kib(sheets.reduce((s, f) => s + sizeOf(`${f}.gz`), 0)),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
