import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The server runs on a fresh temporary database
// with the demo data, from the production build (the web app and its server renderer).
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The server's data directory, made once by the runner; its workers inherit the variable, so a
// spec can age an offer in the server's database (e2e/database.ts: time cannot be faked there).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'souq-e2e-'));
const DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The service worker (docs/offline.md) would answer requests page.route() never sees and
    // serve cached pages when the machine is slow: only e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx vite build --logLevel warn && npx vite build --ssr entry-server.tsx --logLevel warn && DATA_DIR=${DATA_DIR} PORT=${PORT} HOST=127.0.0.1 LOG_LEVEL=warn SCRYPT_LOG_N=14 TILE_URL=http://127.0.0.1:${PORT + 1}/tiles/{z}/{x}/{y}.png ROUTING_URL=http://127.0.0.1:${PORT + 1} SMS_GATEWAY_URL=http://127.0.0.1:${PORT + 2}/send SMS_GATEWAY_TOKEN=e2e node --import tsx server/main.ts`,
    cwd: '..',
    url: `http://localhost:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
  projects: [
    { name: 'ar', use: { locale: 'ar' } },
    { name: 'fr', use: { locale: 'fr-FR' } },
  ],
});
