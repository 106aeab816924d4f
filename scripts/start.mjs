// `npm start`: build the web app and the server if missing or older than their sources, then
// serve the compiled server with plain node (no TypeScript loader; docs/decisions.md).
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

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
  if (
    olderThan(web, () => [newest('web'), newest('shared'), fs.statSync('vite.config.ts').mtimeMs])
  ) {
    console.info('building the web app…');
    execFileSync(
      process.execPath,
      [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      { stdio: 'inherit' },
    );
  }
  if (olderThan(server, () => [newest('server'), newest('shared')])) {
    console.info('building the server…');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  }
}

await import(pathToFileURL(server).href);
