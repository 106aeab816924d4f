import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import {
  globalStylesFirst,
  moduleSizes,
  precacheSelection,
  precompress,
} from './scripts/vite/build-outputs';
import { api, isWebFile, pageLanguage } from './scripts/vite/dev-server';
import {
  chunkGroups,
  dictionarySplit,
  islandsBoot,
  ISLANDS_ENTRY,
} from './scripts/vite/first-views';

// The web app's build and development server (DESIGN §3). Its plugins: scripts/vite/ (the
// development server's, the build's extra outputs, and what first views load).

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
              groups: chunkGroups(),
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
