import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { tempDir } from './server';
import { freePort } from '../../server/test/free-port';

// PostgreSQL for the suites: a database of their own on TEST_DATABASE_URL's server, or a private
// cluster (for the restart test: the shared server on 5432 is never restarted).

export const sharedPostgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !sharedPostgresUrl) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suites must run in CI');
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database on the server of `serverUrl`; drop() removes it. */
export async function createDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `souq_rel_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const BIN = ['17', '16', '15', '14']
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((dir) => fs.existsSync(`${dir}/pg_ctl`));

export const canRunPrivateCluster = !!BIN && fs.existsSync('/usr/sbin/runuser');

export interface PrivateCluster {
  url: string;
  /** pg_ctl stop -m fast: every session is cut. */
  stop(): Promise<void>;
  /** pg_ctl start, resolved once it accepts connections. */
  start(): Promise<void>;
  /** Stops and removes the cluster. */
  destroy(): Promise<void>;
}

const run = promisify(execFile);

/**
 * A throw-away PostgreSQL cluster on a free port, run as the postgres user (initdb refuses root),
 * with its socket in its own folder.
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  if (!BIN) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const dir = tempDir('pgcluster');
  const data = `${dir}/data`;
  execFileSync('chown', ['postgres:postgres', dir]);
  // Not blocking: the suite's own clients keep running while PostgreSQL stops and starts.
  const asPostgres = async (cmd: string, args: string[]) => {
    await run('runuser', ['-u', 'postgres', '--', `${BIN}/${cmd}`, ...args], { cwd: dir });
  };
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const port = await freePort();
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      `${dir}/log`,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {}); // already stopped
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
