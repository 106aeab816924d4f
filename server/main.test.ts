import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The real process: `tsx server/main.ts` and the CLI, on a temporary SQLite database.
const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cookieHeader(setCookies: string[]): { cookie: string; xsrf: string } {
  const pairs = setCookies.map((c) => c.split(';')[0]);
  const xsrf = pairs.find((p) => p.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  return { cookie: pairs.join('; '), xsrf };
}

describe('server process', () => {
  it('seeds demo accounts, then finishes in-flight requests on SIGTERM and exits 0', async () => {
    // Node with tsx's loader, as `npm start` runs it: the signal reaches the server itself (tsx's CLI
    // wrapper relays signals and SIGKILLs a child that does not answer within 30 ms).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: path.join(dataDir, 'serve'),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SCRYPT_LOG_N: '12',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    for (let i = 0; i < 500 && !output.includes('22000003'); i++)
      await new Promise((r) => setTimeout(r, 200));
    const port = output.match(/Souq is serving on http:\/\/localhost:(\d+)/)?.[1];
    expect(port, output).toBeDefined();
    expect(output).toMatch(/admin\s+22000000 \/ souq-demo-2026/);

    const base = `http://127.0.0.1:${port}`;
    // Its own connection: a keep-alive socket idle at SIGTERM is closed, and reusing it would race.
    const first = await fetch(`${base}/users/me`, { headers: { connection: 'close' } });
    const { cookie, xsrf } = cookieHeader(first.headers.getSetCookie());
    const headers = {
      cookie,
      'x-xsrf-token': xsrf,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
    };
    // Each sign-up hashes a password: they are still running when SIGTERM comes (the server gives
    // in-flight requests 10 s, so the hashing is kept light enough for a busy machine).
    const inFlight = Array.from({ length: 6 }, (_, i) =>
      fetch(`${base}/register`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          first_name: 'Ahmed',
          last_name: `N${i}`,
          phone_1: `3300000${i}`,
          password: 'password 123',
          password_confirmation: 'password 123',
        }),
      }).then((r) => r.status),
    );
    // Signal only once the server has read all six requests: then they are truly in flight.
    const received = () => (output.match(/"url":"\/register"/g) ?? []).length;
    for (let i = 0; i < 200 && received() < 6; i++) await new Promise((r) => setTimeout(r, 5));
    expect(received(), output).toBe(6);
    child.kill('SIGTERM');
    const statuses = await Promise.all(
      inFlight.map((p) => p.catch((e: Error) => String(e.cause ?? e))),
    );
    expect(statuses, output).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await exited).toBe(0);
  }, 150_000);

  it('refuses to start on a bad environment, naming the variable', async () => {
    const failed = await run(tsx, ['server/main.ts'], {
      env: { ...process.env, DATA_DIR: path.join(dataDir, 'bad'), PORT: 'abc', TRUST_PROXY: 'x' },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/PORT: must be a whole number/);
    expect(failed?.stderr).toMatch(/TRUST_PROXY: /);
  }, 60_000);

  it('creates an admin from the CLI, refuses bad input, and the admin can sign in', async () => {
    const env = {
      ...process.env,
      DATA_DIR: path.join(dataDir, 'cli'),
      SEED_DEMO: '0',
      SCRYPT_LOG_N: '10',
    };
    const ok = await run(
      tsx,
      [
        'server/cli.ts',
        'user:create',
        '--role',
        'admin',
        '--phone',
        '+222 22 11 22 33',
        '--password',
        'a long password',
        '--first-name',
        'Sidi',
        '--last-name',
        'Mohamed',
      ],
      { env },
    );
    expect(ok.stdout).toMatch(/created admin #\d+ \(22112233\)/);

    const bad = await run(
      tsx,
      [
        'server/cli.ts',
        'user:create',
        '--role',
        'king',
        '--phone',
        '22112234',
        '--password',
        'a long password',
        '--first-name',
        'A',
        '--last-name',
        'B',
      ],
      { env },
    ).catch((e) => e);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--role must be one of user, moderator, admin');

    const taken = await run(
      tsx,
      [
        'server/cli.ts',
        'user:create',
        '--phone',
        '22112233',
        '--password',
        'a long password',
        '--first-name',
        'A',
        '--last-name',
        'B',
      ],
      { env },
    ).catch((e) => e);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('phone_taken');

    const migrate = await run(tsx, ['server/cli.ts', 'migrate'], { env });
    expect(migrate.stdout).toContain('migrated');
    const backup = await run(
      tsx,
      ['server/cli.ts', 'backup', '--to', path.join(dataDir, 'backup')],
      { env },
    );
    expect(backup.stdout).toMatch(/backup of sqlite .* written to/);
    expect(fs.statSync(path.join(dataDir, 'backup', 'database.sqlite')).size).toBeGreaterThan(0);
  }, 60_000);
});
