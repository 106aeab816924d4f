import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

// The browser build's extra outputs for vite.config.ts: compressed copies, module sizes, the
// stylesheet order of the page template, and what the service worker precaches.

/**
 * Build only: next to every text asset, its gzip and brotli forms, which the server sends to
 * browsers that accept them (phones on slow, paid connections download a third as much).
 */
export function precompress(): Plugin {
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
export function moduleSizes(): Plugin {
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
export function globalStylesFirst(): Plugin {
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
 * What the service worker precaches (docs/offline.md): the shell (the entry, what it imports, its
 * styles), the islands' entry and what it imports, both dictionaries (both parts of each), the offline page and the outbox, read from the build's manifest; the
 * pages' own chunks are cached as they are visited, not all downloaded on the first visit.
 */
export function precacheSelection(outDir: string): ManifestTransform {
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
