import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, sharedPostgresUrl } from './postgres';
import { postgresQuery, sqliteQuery, type Query } from './invariants';
import { startServer, tempDir, type ServerProcess } from './server';

// A server process on a fresh database of either engine: SQLite always, PostgreSQL when
// TEST_DATABASE_URL is set (as the unit suites).

export const engines = sharedPostgresUrl
  ? (['sqlite', 'postgres'] as const)
  : (['sqlite'] as const);
export type Engine = (typeof engines)[number];

export interface Deployment {
  server: ServerProcess;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Runs `work` with direct SQL access to the server's database. */
  withQuery<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /** Stops the server if it still runs and removes the database. */
  cleanup(): Promise<void>;
}

export async function deploy(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<Deployment> {
  const dataDir = tempDir(engine);
  const database = engine === 'postgres' ? await createDatabase(sharedPostgresUrl!) : null;
  const server = await startServer({ dataDir, databaseUrl: database?.url, env });
  return {
    server,
    dataDir,
    databaseUrl: database?.url,
    async withQuery(work) {
      if (database) {
        const pg = await postgresQuery(database.url);
        try {
          return await work(pg.query);
        } finally {
          await pg.close();
        }
      }
      const sqlite = sqliteQuery(path.join(dataDir, 'marketplace.sqlite'));
      try {
        return await work(sqlite.query);
      } finally {
        sqlite.close();
      }
    },
    async cleanup() {
      await server.kill();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
