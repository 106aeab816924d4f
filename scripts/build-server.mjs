// Compiles the server for production (issue 18 item 5, docs/decisions.md "Compiled server"):
// esbuild bundles server/main.ts and server/cli.ts with their TypeScript sources (server/ and
// shared/) into dist/server/*.js; packages stay external, loaded from node_modules at run time.
// The search read pool's worker thread, plain JavaScript already, is copied beside them.
// Plain JavaScript so that `npm start` needs no TypeScript loader.
import fs from 'node:fs';
import { build } from 'esbuild';

export async function buildServer() {
  await build({
    entryPoints: { main: 'server/main.ts', cli: 'server/cli.ts' },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The search read pool's worker (server/db/read-pool.ts) is a file of its own, plain JavaScript
  // loaded by `new URL('./read-worker.mjs', import.meta.url)`: next to the bundle that loads it.
  fs.copyFileSync('server/db/read-worker.mjs', 'dist/server/read-worker.mjs');
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
