import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/test/free-port';

// Starting the benchmarked processes: bench/serve.ts (the real server) and bench/hello.ts.

export interface Started {
  child: ChildProcess;
  info: { address: string; productId?: number };
}

export function start(script: string, env: NodeJS.ProcessEnv, cwd?: string): Promise<Started> {
  const child = fork(cwd ? path.join(cwd, script) : script, [], {
    cwd,
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ child, info: info as Started['info'] }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/**
 * The server on BENCH_DATA_DIR (an existing data dir, e.g. one filled by `npm run seed:bulk`),
 * else on DATABASE_URL, else on a new data dir with the demo seed (removed by `stop`). `cwd`:
 * another checkout's server (its bench/serve.ts and its build), e.g. main's, to compare with.
 */
export async function startServer(cwd?: string): Promise<Started & { data: string; stop(): void }> {
  const given = process.env.BENCH_DATA_DIR;
  if (given && !fs.existsSync(path.join(given, 'marketplace.sqlite'))) {
    throw new Error(`BENCH_DATA_DIR ${given} holds no marketplace.sqlite`);
  }
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
  const server = await start(
    'bench/serve.ts',
    {
      DATA_DIR: dataDir,
      SEED_DEMO: given ? '0' : '1',
      // One address reads the same offer thousands of times: past the per-address read limit.
      USER_RATE_LIMIT_FACTOR: process.env.USER_RATE_LIMIT_FACTOR ?? '100000',
      // The map's services, unless named: an address here that answers nothing (no traffic leaves
      // the machine, and the pages do not wait on a far server).
      TILE_URL: process.env.TILE_URL ?? 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
      ROUTING_URL: process.env.ROUTING_URL ?? 'http://127.0.0.1:9',
    },
    cwd,
  );
  return {
    ...server,
    data: process.env.DATABASE_URL ? 'postgres (DATABASE_URL)' : given ? dataDir : 'demo seed',
    stop() {
      server.child.kill();
      if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's resident memory now and at its peak, in MiB. */
export function memoryOf(server: Started): Promise<{ rss_mib: number; peak_rss_mib: number }> {
  return new Promise((resolve) => {
    const answer = (m: unknown) => {
      const { rss, maxRss } = m as { rss?: number; maxRss: number };
      if (rss === undefined) return;
      server.child.off('message', answer);
      resolve({ rss_mib: Math.round(rss / 2 ** 20), peak_rss_mib: Math.round(maxRss / 2 ** 20) });
    };
    server.child.on('message', answer);
    server.child.send('rss');
  });
}

/** The page cache's counts (page-cache.ts `stats`). */
export interface PageStats {
  keptServed: number;
  visitsReused: number;
}

let asked = 0;

/**
 * The server's page cache counts now; null from a server that does not tell them (another
 * checkout's bench/serve.ts from before they were asked) within `waitMs`.
 */
export function pageStatsOf(server: Started, waitMs = 10_000): Promise<PageStats | null> {
  const id = ++asked;
  return new Promise((resolve) => {
    const answer = (m: unknown) => {
      const told = m as { pageStats?: PageStats; id?: number };
      if (told.pageStats && told.id === id) done(told.pageStats);
    };
    const timer = setTimeout(() => done(null), waitMs);
    const done = (stats: PageStats | null) => {
      clearTimeout(timer);
      server.child.off('message', answer);
      resolve(stats);
    };
    server.child.on('message', answer);
    server.child.send({ pageStats: id });
  });
}

export interface Served {
  child: ChildProcess;
  address: string;
  /** Its resident memory now and at its peak, in MiB (Linux: /proc). */
  memory(): { rss_mib: number; peak_rss_mib: number };
  stop(): void;
}

/**
 * The server as `npm start` serves it (scripts/start.mjs: built first when its sources are newer,
 * then the compiled server with plain node, no TypeScript loader), on the database `env` names.
 * Its memory is then the production server's: under tsx the loader and the sources it compiled
 * added 65-80 MB at 1,000,000 products (308-321 MB against 237-254 under the same load).
 * Resolves once /healthz answers.
 */
export async function startBuilt(env: NodeJS.ProcessEnv): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`scripts/start.mjs exited with ${code}`))),
  );
  const up = (async () => {
    // (A build, the first time, takes a minute.)
    for (let tries = 0; tries < 600; tries++) {
      try {
        if ((await fetch(`${address}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the server did not answer /healthz in 150 s');
  })();
  try {
    await Promise.race([up, exited]);
  } catch (error) {
    child.kill();
    throw error;
  }
  const kib = (field: string) =>
    Number(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
        fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'),
      )?.[1] ?? 0,
    );
  return {
    child,
    address,
    memory: () => ({
      rss_mib: Math.round(kib('VmRSS') / 1024),
      peak_rss_mib: Math.round(kib('VmHWM') / 1024),
    }),
    stop: () => child.kill(),
  };
}
