import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A real server process, started as `npm start` starts it (node with tsx's loader, server/main.ts),
// on its own port, with its log kept so a test can show it when something goes wrong.

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL instead of SQLite in dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM (graceful) and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown at all, as a crash or the OOM killer. */
  kill(): Promise<void>;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `souq-rel-${prefix}-`));
}

const STARTUP_MS = 120_000;

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      // The clients stand behind a loopback proxy: their X-Forwarded-For names each (DESIGN §11).
      TRUST_PROXY: '127.0.0.1',
      // Hashing stays real, only lighter: the suites sign up many users.
      SCRYPT_LOG_N: '10',
      // Warnings and errors only: a 500 is logged at level 50 and the suites look for it.
      LOG_LEVEL: 'warn',
      // A few simulated people write far faster than real ones: the per-user write limits
      // (server/limits/) would refuse them, so they are raised here.
      USER_RATE_LIMIT_FACTOR: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + STARTUP_MS;
  let port: string | undefined;
  while (!port && !gone && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    port = output.match(/Souq is serving on http:\/\/localhost:(\d+)/)?.[1];
  }
  if (!port) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start:\n${output}`);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Lines the server logged at error level (pino's 50) or above: a 500, an uncaught error. */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => /"level":(5|6)\d/.test(line));
}

/** Time the server spent on each request (fastify's responseTime, at LOG_LEVEL=info), sorted. */
export function handlingTimes(output: string): number[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"request completed"'))
    .map((line) => Number(JSON.parse(line).responseTime))
    .sort((a, b) => a - b);
}
