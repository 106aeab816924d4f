import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import type * as FirstViewModule from './scripts/first-view-dictionary';

const api = 'http://localhost:3000';
const webRoot = path.resolve('web');

/** A path that names a source file of the web app (modules, styles, dictionaries, public files). */
function isWebFile(url: string): boolean {
  const file = path.join(webRoot, decodeURIComponent(url.split('?')[0]));
  return (
    file.startsWith(webRoot + path.sep) &&
    (fs.existsSync(file) || fs.existsSync(path.join(webRoot, 'public', url.split('?')[0])))
  );
}

/**
 * Development only: pages get <html lang dir> as the server would set them (the `lang` cookie, else
 * Accept-Language, else Arabic), so both languages can be worked on behind Vite.
 */
function pageLanguage(): Plugin {
  return {
    name: 'souq-page-language',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = req.url ?? '/';
        const wantsPage =
          req.method === 'GET' &&
          (req.headers.accept ?? '').includes('text/html') &&
          !url.startsWith('/localisation/') &&
          !isWebFile(url);
        if (!wantsPage) return next();
        const cookie = /(?:^|;\s*)lang=(ar|fr)\b/.exec(req.headers.cookie ?? '')?.[1];
        const accepted = /\b(ar|fr)\b/.exec(req.headers['accept-language'] ?? '')?.[1];
        const lang = cookie ?? accepted ?? 'ar';
        const template = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
        const html = (await server.transformIndexHtml(url, template)).replace(
          /<html[^>]*>/,
          `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
        );
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(html);
      });
    },
  };
}

/**
 * Build only: next to every text asset, its gzip and brotli forms, which the server sends to
 * browsers that accept them (phones on slow, paid connections download a third as much).
 */
function precompress(): Plugin {
  return {
    name: 'souq-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file)) continue;
        const full = path.join(options.dir!, file);
        const data = fs.readFileSync(full);
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Build only: what each chunk is made of (dist/web/.vite/modules.json: per chunk, its modules'
 * minified size and the size of each gzipped alone), read by `npm run bench:web-js` to say which
 * modules a page's first visit pays for.
 */
function moduleSizes(): Plugin {
  return {
    name: 'souq-module-sizes',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks: Record<string, { module: string; bytes: number; gzip: number }[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[file] = Object.entries(output.modules)
          .map(([id, module]) => ({
            module: path.relative(process.cwd(), id.replace(/^\0/, '')).replace(/\\/g, '/'),
            bytes: module.renderedLength,
            gzip: module.code ? zlib.gzipSync(module.code, { level: 9 }).length : 0,
          }))
          .filter((module) => module.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes);
      }
      const dir = path.join(options.dir!, '.vite');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'modules.json'), JSON.stringify(chunks, null, 1));
    },
  };
}

/**
 * Build only: the app's own stylesheet (web/app/styles.css: tokens, base, the shell, utilities) is
 * linked first. Vite links the CSS of the chunks the entry imports (e.g. the popover's) before the
 * entry's own, which would let the base rules (`.button`) override a component's (`.x__button`)
 * of the same weight; every page's own CSS, loaded with its chunk, comes after both.
 */
function globalStylesFirst(): Plugin {
  return {
    name: 'souq-global-styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const own = [...(ctx.chunk?.viteMetadata?.importedCss ?? [])];
        const links = own.map((file) => {
          const link = new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file}">`).exec(
            html,
          )?.[0];
          if (!link) throw new Error(`souq-global-styles-first: no link for ${file}`);
          return link;
        });
        if (!links.length) return html;
        for (const link of links) html = html.replace(link, '');
        return html.replace(/(\s*<link rel="stylesheet")/, `${links.join('')}$1`);
      },
    },
  };
}

/**
 * Each language's dictionary in two parts (scripts/first-view-dictionary.ts): the area files that
 * web/locales/<lang>.ts imports keep the keys the shell and the home page need, those that
 * <lang>-rest.ts imports the others. That is for the browser's build only: elsewhere (`whole`: the
 * server renderer's build, the development server; tests, which do not use this file) both
 * modules hold every key. Also finds the home page's modules for the chunk groups below.
 */
const DICTIONARY_PART = 'souq-dictionary-part:';

function dictionarySplit({ whole }: { whole: boolean }): Plugin {
  let isFirstView: (key: string, area: string) => boolean = () => true;
  return {
    name: 'souq-dictionary-split',
    enforce: 'pre',
    async buildStart() {
      if (whole || this.meta.watchMode) return;
      // Loaded through Vite (it reads the server's catalogue tree, TypeScript without extensions).
      const { module } = await runnerImport<typeof FirstViewModule>(
        path.resolve('scripts/first-view-dictionary.ts'),
        { configFile: false, logLevel: 'warn' },
      );
      isFirstView = module.firstViewKeys();
      module.staticImports(path.resolve(HOME_PAGE), homeModules);
      for (const page of OTHER_FIRST_VIEWS) module.staticImports(path.resolve(page), otherModules);
      module.staticImports(path.resolve(MAIN_ENTRY), mainModules);
      module.staticImports(path.resolve(ISLANDS_ENTRY), islandsModules);
      withStyles(mainModules);
      withStyles(islandsModules);
    },
    // A module of its own (not the JSON file's), so that no JSON plugin reads it.
    resolveId(source, importer) {
      // An area file imported by web/locales/<lang>.ts (the first part) or <lang>-rest.ts.
      const part = /[\\/]web[\\/]locales[\\/](ar|fr)(-rest)?\.ts$/.exec(importer ?? '');
      if (whole || !part || !source.endsWith('.json')) return null;
      const file = path.resolve(path.dirname(importer!), source);
      return `\0${DICTIONARY_PART}${file}?${part[2] ? 'rest' : 'first-view'}`;
    },
    load(id) {
      if (!id.startsWith(`\0${DICTIONARY_PART}`)) return null;
      const [file, query] = id.slice(DICTIONARY_PART.length + 1).split('?');
      const area = path.basename(file, '.json');
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const wanted = query === 'first-view';
      const part = Object.entries(all).filter(([key]) => isFirstView(key, area) === wanted);
      return `export default ${JSON.stringify(Object.fromEntries(part))};`;
    },
  };
}

/**
 * What the service worker precaches (docs/offline.md): the shell (the entry, what it imports, its
 * styles), the islands' entry and what it imports, both dictionaries (both parts of each), the offline page and the outbox, read from the build's manifest; the
 * pages' own chunks are cached as they are visited, not all downloaded on the first visit.
 */
function precacheSelection(outDir: string): ManifestTransform {
  return async (entries) => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[]; imports?: string[] }>;
    const keep = new Set(['offline.html']);
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || keep.has(chunk.file)) return;
      keep.add(chunk.file);
      for (const css of chunk.css ?? []) keep.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    // The outbox of offers posted offline (loaded for signed-in users only) is needed offline too.
    const keys = [
      'index.html',
      // The first view of an offer's page (its islands) may be opened offline too.
      'islands.tsx',
      'locales/ar.ts',
      'locales/ar-rest.ts',
      'locales/fr.ts',
      'locales/fr-rest.ts',
      'features/products/outbox/pending-posts.tsx',
    ];
    for (const key of keys) {
      if (!manifest[key]) throw new Error(`precacheSelection: ${key} is not in the build`);
      visit(key);
    }
    // Not the icons: the browser fetches and keeps those itself when the app is installed.
    const manifestEntries = entries.filter((entry) => keep.has(entry.url));
    return { manifest: manifestEntries, warnings: [] };
  };
}

const HOME_PAGE = path.join('web', 'app', 'pages', 'home-page.tsx');

/** The whole app's entry, and the entry of a first view with islands (docs/performance.md). */
const MAIN_ENTRY = path.join('web', 'main.tsx');
const ISLANDS_ENTRY = path.join('web', 'islands.tsx');
/** What each entry imports, without `import()` (filled at the start of the build). */
const mainModules = new Set<string>();
const islandsModules = new Set<string>();

/** Adds to a set of source files the stylesheets they import (after `staticImports`). */
function withStyles(modules: Set<string>): Set<string> {
  for (const file of [...modules]) {
    if (!/\.tsx?$/.test(file)) continue;
    const code = fs.readFileSync(file, 'utf8');
    for (const [, css] of code.matchAll(/^import\s+'(\.[^']+\.css)'/gm)) {
      modules.add(path.resolve(path.dirname(file), css));
    }
  }
  return modules;
}

/** The libraries both entries start with (React, TanStack Query); not the router. */
const SHARED_LIBRARIES = /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/;

/** A module only the islands' first view starts with: not in the whole app's first chunk. */
function islandsOnly(id: string): boolean {
  return (
    (islandsModules.has(id) && !mainModules.has(id)) ||
    /[\\/]node_modules[\\/]embla-carousel/.test(id)
  );
}

/**
 * The islands' first view (web/islands.tsx): its HTML names the entry and the modules to preload
 * (`souq-islands`, a data block the server's page keeps), which the boot script
 * (server/plugins/page-boot.ts) loads instead of the whole app's on a page with islands.
 */
function islandsBoot(): Plugin {
  return {
    name: 'souq-islands-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'islands');
        if (!entry) throw new Error('souq-islands-boot: no islands entry in the build');
        const modules = new Set<string>();
        const visit = (file: string) => {
          const chunk = chunks.find((output) => output.fileName === file);
          if (!chunk || modules.has(`/${file}`)) return;
          modules.add(`/${file}`);
          chunk.imports.forEach(visit);
        };
        entry.imports.forEach(visit);
        const boot = JSON.stringify({ entry: `/${entry.fileName}`, modules: [...modules] });
        return html.replace(
          '</head>',
          `  <script type="application/json" id="souq-islands">${boot.replace(/</g, '\\u003c')}</script>\n  </head>`,
        );
      },
    },
  };
}

/** The home page's modules (filled at the start of the build by dictionarySplit). */
const homeModules = new Set<string>();

/**
 * The other pages people land on: their modules that the home page has too (the offer card and
 * its buttons) are a chunk of their own (`cards`), so that these pages do not load the home
 * page's own modules (its tabs and rows of categories) with them.
 */
const OTHER_FIRST_VIEWS = [
  'web/features/search/search-page.tsx',
  'web/features/products/product-page.tsx',
  'web/features/shops/shop-page.tsx',
];
const otherModules = new Set<string>();

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  // The server renderer (`--ssr entry-server.tsx`, dist/ssr) needs neither the page's HTML, nor
  // compressed copies of its files, nor a service worker.
  plugins: [
    react(),
    pageLanguage(),
    dictionarySplit({ whole: !!isSsrBuild }),
    ...(isSsrBuild
      ? []
      : [
          globalStylesFirst(),
          islandsBoot(),
          precompress(),
          moduleSizes(),
          // The service worker (web/app/pwa/sw.ts); the manifest is served by the server, per language.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'app/pwa',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,png}'],
              globIgnores: ['index.html', 'sw.js'],
              manifestTransforms: [precacheSelection(path.resolve('dist/web'))],
            },
          }),
        ]),
  ],
  publicDir: isSsrBuild ? false : 'public',
  // The server renderer bundles its packages (React, React Router, TanStack Query…) with
  // NODE_ENV fixed to production: left external, Node would load React's development build unless
  // the server happens to run with NODE_ENV=production (about twice as slow to render a page).
  ssr: {
    noExternal: true,
  },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: isSsrBuild ? '../dist/ssr' : '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Browsers of the es2022 target without <link rel="modulepreload"> (Safari before 17) only
    // lose the preload hint; the polyfill cost every page 0.4 KiB.
    modulePreload: { polyfill: false },
    // Read by the server (server/plugins/pages.ts) to preload the page language's dictionary.
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The whole app (index.html: web/main.tsx) and the first view of a page with islands.
          input: { index: path.resolve('web/index.html'), islands: path.resolve(ISLANDS_ENTRY) },
          output: {
            codeSplitting: {
              groups: [
                // What both entries start with: React, TanStack Query, the translations…
                {
                  name: 'base',
                  tags: ['$initial'],
                  test: (id) =>
                    id.startsWith('\0') ||
                    SHARED_LIBRARIES.test(id) ||
                    (islandsModules.has(id) && mainModules.has(id)),
                  priority: 5,
                },
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) =>
                    !/[\\/]web[\\/](main\.tsx|islands\.tsx|index\.html)/.test(id) &&
                    !islandsOnly(id),
                  priority: 4,
                },
                // The offer's buttons: the islands', and the home page's cards'.
                {
                  name: 'actions',
                  test: (id) => islandsOnly(id) && homeModules.has(id),
                  priority: 3,
                },
                {
                  name: 'cards',
                  test: (id) => homeModules.has(id) && otherModules.has(id),
                  priority: 2,
                },
                {
                  name: 'home',
                  test: (id) => homeModules.has(id) && !id.endsWith(HOME_PAGE),
                  priority: 1,
                },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    // In development Vite serves the web app's files and pages; everything else (API calls, the
    // language switch, media) goes to the API server.
    proxy: {
      '^/(?!@|node_modules/).*': {
        target: api,
        bypass: (req) => (isWebFile(req.url ?? '/') ? req.url : undefined),
      },
    },
  },
}));
