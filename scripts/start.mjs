// `npm start`: build the web app and the server if missing or older than their sources, then
// serve the compiled server with plain node (no TypeScript loader; docs/decisions.md).
import cluster from 'node:cluster';
import v8 from 'node:v8';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

// The old space may grow 30 % past what the last full collection kept before the next one (V8
// lets it grow up to 4 times): under 4 connections searching 1,000,000 products on SQLite, the main
// thread's heap grew from 35 to 140-145 MiB before it was collected, and the server's resident
// memory peaked at 283-302 MB against issue 30's 250 (docs/search.md, "SQLite at 1,000,000,
// session 17"; PostgreSQL's server not measured with it). Set before the server's modules load:
// V8 sets each next limit at a collection, from the flag as it is then.
v8.setFlagsFromString('--heap-growing-percent=30');

const server = path.resolve('dist/server/main.js');

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}
const olderThan = (file, sources) =>
  !fs.existsSync(file) || fs.statSync(file).mtimeMs < Math.max(...sources());

// WORKERS=N: the workers run this file again; the primary has built everything already.
if (cluster.isPrimary) {
  const web = path.resolve('dist/web/index.html');
  const renderer = path.resolve('dist/ssr/entry-server.js');
  const webSources = () => [newest('web'), newest('shared'), fs.statSync('vite.config.ts').mtimeMs];
  if (olderThan(web, webSources) || olderThan(renderer, webSources)) {
    console.info('building the web app…');
    const vite = [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];
    execFileSync(process.execPath, vite, { stdio: 'inherit' });
    // The same pages, built for the server to render (web/entry-server.tsx → dist/ssr).
    execFileSync(process.execPath, [...vite, '--ssr', 'entry-server.tsx'], { stdio: 'inherit' });
  }
  if (olderThan(server, () => [newest('server'), newest('shared')])) {
    console.info('building the server…');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  }
}

await import(pathToFileURL(server).href);
