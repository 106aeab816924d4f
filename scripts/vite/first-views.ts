import fs from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin, type Rolldown } from 'vite';
import type * as FirstViewModule from '../first-view-dictionary';

// What first views load (docs/performance.md), for vite.config.ts's browser build: each entry's
// and each landing page's modules (found at the start of the build by dictionarySplit), the
// dictionary in two parts, the islands' entry named in the page template, and the tests of the
// chunk groups.

const HOME_PAGE = path.join('web', 'app', 'pages', 'home-page.tsx');

/** The whole app's entry, and the entry of a first view with islands (docs/performance.md). */
const MAIN_ENTRY = path.join('web', 'main.tsx');
export const ISLANDS_ENTRY = path.join('web', 'islands.tsx');
/** The islands' entry loads these with `import()`, only on a page that has them (the offer's). */
const ISLANDS_LOADED_LATER = [
  path.join('web', 'features', 'products', 'components', 'offer-islands.tsx'),
];
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
export function islandsBoot(): Plugin {
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
        // What the entry loads with `import()` on a page with an island that is not a card's (the
        // offer's: ISLANDS_LOADED_LATER), preloaded with it on such a page by the boot script
        // rather than asked once the entry has run.
        const first = new Set(modules);
        const loadedLater = ISLANDS_LOADED_LATER.map((file) => path.resolve(file));
        for (const file of entry.dynamicImports) {
          const chunk = chunks.find((output) => output.fileName === file);
          if (chunk?.facadeModuleId && loadedLater.includes(chunk.facadeModuleId)) visit(file);
        }
        const later = [...modules].filter((file) => !first.has(file));
        const boot = JSON.stringify({ entry: `/${entry.fileName}`, modules: [...first], later });
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

/**
 * Each language's dictionary in two parts (scripts/first-view-dictionary.ts): the area files that
 * web/locales/<lang>.ts imports keep the keys the shell and the home page need, those that
 * <lang>-rest.ts imports the others. That is for the browser's build only: elsewhere (`whole`: the
 * server renderer's build, the development server; tests, which do not use this file) both
 * modules hold every key. Also finds the home page's modules for the chunk groups below.
 */
const DICTIONARY_PART = 'souq-dictionary-part:';

export function dictionarySplit({ whole }: { whole: boolean }): Plugin {
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
      for (const file of ISLANDS_LOADED_LATER)
        module.staticImports(path.resolve(file), islandsModules);
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

/** The browser build's chunk groups: what both entries share, the app, and the pages' shared parts. */
export function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  return [
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
        !/[\\/]web[\\/](main\.tsx|islands\.tsx|index\.html)/.test(id) && !islandsOnly(id),
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
  ];
}
