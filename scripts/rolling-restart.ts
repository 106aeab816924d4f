// Rolling restart trial (issue 34 item 6; docs/runbook.md "Upgrade without downtime"): two server
// processes on one PostgreSQL behind nginx (deploy/nginx.conf's upstream and proxy settings,
// without TLS), clients polling through nginx the whole time, and each process restarted in turn
// with SIGTERM (graceful shutdown, SHUTDOWN_DRAIN_MS) and started again. Prints what the clients
// saw: requests, failures by status, and the longest answer.
//
//   npx tsx scripts/rolling-restart.ts
//
// Settings (environment): ROLLING_DATABASE_URL (a PostgreSQL server: a throwaway database is made
// there and dropped), ROLLING_PORT (nginx; the two processes take the next two ports),
// ROLLING_ROUNDS (restarts of each process), ROLLING_CLIENTS, SHUTDOWN_DRAIN_MS, ROLLING_PAUSE_MS,
// ROLLING_NON_IDEMPOTENT=0 (nginx does not resend a POST on 503: to see what that costs).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabaseOn } from '../server/test/postgres-database';

const base = process.env.ROLLING_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const proxyPort = Number(process.env.ROLLING_PORT ?? 3296);
const ports = [proxyPort + 1, proxyPort + 2];
const rounds = Number(process.env.ROLLING_ROUNDS ?? 2);
const clients = Number(process.env.ROLLING_CLIENTS ?? 4);
const drainMs = process.env.SHUTDOWN_DRAIN_MS ?? '3000';
// After one process is ready, before stopping the next: nginx must have taken it back first.
const pauseMs = Number(process.env.ROLLING_PAUSE_MS ?? 5000);
const nonIdempotent = process.env.ROLLING_NON_IDEMPOTENT !== '0';
const root = path.resolve(import.meta.dirname, '..');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-rolling-'));
const database = await createDatabaseOn(base, 'souq_rolling');
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  DATA_DIR: path.join(work, 'data'),
  HOST: '127.0.0.1',
  TRUST_PROXY: '127.0.0.1',
  // An empty catalogue: the demo seed converts images for minutes on a busy machine.
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  SCRYPT_LOG_N: '10',
  SHUTDOWN_DRAIN_MS: drainMs,
};

function startServer(port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = new Date().toISOString();
  child.once('exit', (code, signal) =>
    console.error(`server on ${port} started ${started} exited (${signal ?? code})`),
  );
  return child;
}

async function ready(url: string, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

// nginx as deploy/nginx.conf sets it up, on plain HTTP, its files in the trial's folder.
const conf = `
daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  upstream souq {
    server 127.0.0.1:${ports[0]} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${ports[1]} max_fails=1 fail_timeout=5s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://souq;
      proxy_next_upstream error http_503${nonIdempotent ? ' non_idempotent' : ''};
      proxy_next_upstream_tries 2;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}`;
fs.writeFileSync(path.join(work, 'nginx.conf'), conf);

const servers = ports.map(startServer);
let nginx: ChildProcess | undefined;
const stats = { requests: 0, failed: 0, byStatus: {} as Record<string, number>, slowestMs: 0 };
let polling = true;

// What a visitor's phone does: pages, the catalogue, a search (a POST), the session check.
const calls: [string, RequestInit][] = [
  ['/', {}],
  ['/pcategories/all', { headers: { accept: 'application/json' } }],
  ['/users/me', { headers: { accept: 'application/json' } }],
  [
    '/products/all/0/search',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ type: 'offer', page: 1 }),
    },
  ],
];

/** A browser's cookies and XSRF header (DESIGN §3: the search is a POST, so it needs them). */
async function browser(): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${proxyPort}/users/me`, {
    headers: { accept: 'application/json' },
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(token ?? '') };
}

async function client(n: number): Promise<void> {
  const own = await browser();
  let i = n;
  while (polling) {
    const [url, init] = calls[i++ % calls.length];
    const started = performance.now();
    let status: string;
    try {
      const headers = { ...(init.headers as Record<string, string>), ...own };
      const res = await fetch(`http://127.0.0.1:${proxyPort}${url}`, { ...init, headers });
      await res.arrayBuffer();
      status = String(res.status);
    } catch (error) {
      status = `network: ${(error as Error).cause ?? (error as Error).message}`;
    }
    const ms = performance.now() - started;
    stats.requests += 1;
    stats.slowestMs = Math.max(stats.slowestMs, ms);
    // 200s and the search's 200; anything else is a failed request for the visitor.
    if (status !== '200') {
      stats.failed += 1;
      const key = `${init.method ?? 'GET'} ${url} ${status}`;
      stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
    }
  }
}

try {
  await Promise.all(ports.map((port) => ready(`http://127.0.0.1:${port}/readyz`)));
  nginx = spawn('/usr/sbin/nginx', ['-p', work, '-c', path.join(work, 'nginx.conf')], {
    stdio: 'inherit',
  });
  await ready(`http://127.0.0.1:${proxyPort}/readyz`);
  const loops = Array.from({ length: clients }, (_, n) => client(n));
  await sleep(3000);
  const restarts: { port: number; stopMs: number; readyMs: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [slot, port] of ports.entries()) {
      const t0 = performance.now();
      const old = servers[slot];
      const gone = exited(old);
      old.kill('SIGTERM');
      const code = await gone;
      if (code !== 0) console.error(`process on ${port} exited with ${code}`);
      const t1 = performance.now();
      servers[slot] = startServer(port);
      await ready(`http://127.0.0.1:${port}/readyz`);
      restarts.push({
        port,
        stopMs: Math.round(t1 - t0),
        readyMs: Math.round(performance.now() - t1),
      });
      // As the runbook says: the next one only once this one is ready, and nginx has seen it so
      // (fail_timeout): else both are out at once and nginx answers 502 "no live upstreams".
      await sleep(pauseMs);
    }
  }
  await sleep(2000);
  polling = false;
  await Promise.all(loops);
  console.info(
    JSON.stringify(
      {
        processes: 2,
        clients,
        rounds,
        shutdown_drain_ms: Number(drainMs),
        pause_ms: pauseMs,
        nginx_non_idempotent: nonIdempotent,
        restarts,
        requests: stats.requests,
        failed: stats.failed,
        failed_by_status: stats.byStatus,
        slowest_ms: Math.round(stats.slowestMs),
      },
      null,
      2,
    ),
  );
  // What nginx saw go wrong upstream (each line: a try sent on to the other process, or not).
  const log = fs.readFileSync(path.join(work, 'nginx-error.log'), 'utf8').trim().split('\n');
  const kinds: Record<string, number> = {};
  for (const line of log.filter(Boolean)) {
    const kind = /\] \d+#\d+: \*?\d* ?(.*?)(?: while|,)/.exec(line)?.[1] ?? line;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  console.info(JSON.stringify({ nginx_errors: kinds }, null, 2));
} finally {
  polling = false;
  nginx?.kill('SIGQUIT');
  await Promise.all(
    servers.map((server) => {
      if (server.exitCode !== null) return null;
      const gone = exited(server);
      server.kill('SIGTERM');
      return gone;
    }),
  );
  await database.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
