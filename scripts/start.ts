import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

// `npm start`: build the web app if it is missing or older than its sources, then serve.
const built = path.resolve('dist/web/index.html');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const sourcesChanged = () =>
  Math.max(newest('web'), newest('shared'), fs.statSync('vite.config.ts').mtimeMs);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourcesChanged()) {
  console.info('building the web app…');
  execFileSync(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
}

await import('../server/main');
