import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A new database `<prefix>_<random>` on the PostgreSQL server `baseUrl` names (never the database
 * of the URL itself), and how to drop it. The test harness's and the benches' throwaway databases.
 */
export async function createDatabaseOn(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
