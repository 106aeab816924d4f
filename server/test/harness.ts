import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { Migrator } from 'kysely';
import { connect, type Connection } from '../db/connect';
import { migrations } from '../db/migrate';
import { register } from '../features/users/users.service';
import type { SiteRole } from '../../shared/constants';
import { TestClient } from './client';
import { createDatabaseOn } from './postgres-database';
import type { PageRenderer } from '../plugins/page-render';

// Every API suite runs once per engine: SQLite always, PostgreSQL when TEST_DATABASE_URL is set
// (each run creates its own database and drops it after). Under CI=true PostgreSQL is required.

const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !pgUrl) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite must run in CI');
}

export const engines = pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
export type Engine = (typeof engines)[number];

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  engine: Engine;
  /** A new browser-like client with its own cookie jar. */
  client(): TestClient;
  /** A signed-in client for a new user with the given site role. */
  userClient(
    role?: SiteRole,
    overrides?: Partial<{ first_name: string; last_name: string }>,
  ): Promise<{ client: TestClient; user: { id: number; phone_1: string } }>;
}

let phoneCounter = 0;
/** A unique valid Mauritanian number for each call within a run. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `4${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`;
}
export const TEST_PASSWORD = 'test-password-1';

/** A new account with TEST_PASSWORD, written by the service (no session, no request): its phone. */
export async function registeredPhone(
  context: TestContext,
  first_name = 'Mariem',
): Promise<string> {
  const phone = nextPhone();
  await register(
    context.app.db,
    {
      first_name,
      last_name: 'Mint Ahmed',
      phone_1: phone,
      email: null,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    },
    context.config.scryptLogN,
  );
  return phone;
}

export function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabaseOn(pgUrl!, `souq_test_${process.pid}`);
}

/** An empty database for a migration's test, the project's migrations at hand (not yet run). */
export interface EmptyDatabase {
  db: Connection['db'];
  dialect: Connection['dialect'];
  /** Migrates up or down to a named migration (`migrateTo`), or to the latest. */
  migrator: Migrator;
}

/** Runs `work` on a new, empty database of `engine` (no app, no migration run), then drops it. */
export async function withEmptyDatabase(
  engine: Engine,
  work: (database: EmptyDatabase) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-migration-'));
  const created = engine === 'postgres' ? await createPostgresDatabase() : null;
  const { db, dialect, close } = connect({ databaseUrl: created?.url, dataDir });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(dialect) },
    });
    await work({ db, dialect, migrator });
  } finally {
    await close();
    await created?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * describe() once per engine, with a fresh database and app for the block. `env` adds to (or
 * overrides) the test configuration's environment, e.g. `{ TRUST_PROXY: '127.0.0.1' }`; `render`
 * renders pages on the server (web/entry-server.tsx), which suites otherwise leave out.
 */
export function describeEachEngine(
  title: string,
  /** `engine` is known while tests are collected: `it.skipIf(engine !== 'postgres')(…)`. */
  body: (ctx: () => TestContext, engine: Engine) => void,
  options: {
    env?: Record<string, string>;
    render?: PageRenderer;
    /** A suite about one engine's own feature: skipped, and said so, on the other. */
    only?: Engine;
  } = {},
): void {
  for (const engine of engines) {
    const runs = !options.only || options.only === engine;
    const name = runs ? `${title} [${engine}]` : `${title} [${engine}: ${options.only} only]`;
    (runs ? describe : describe.skip)(name, () => {
      let ctx: TestContext;
      let cleanup: () => Promise<void>;
      beforeAll(async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-test-'));
        let databaseUrl: string | undefined;
        let drop = async () => {};
        if (engine === 'postgres') {
          const created = await createPostgresDatabase();
          databaseUrl = created.url;
          drop = created.drop;
        }
        const config = loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          // No built web app: the route table (and so the authorization matrix) is the same
          // whether or not `npm run build` has run; pages use web/index.html as their template.
          WEB_DIR: path.join(dataDir, 'no-web-build'),
          SCRYPT_LOG_N: '10',
          SEED_DEMO: '0',
          LOG_LEVEL: 'silent',
          ...options.env,
        });
        const connection: Connection = connect(config);
        const app = await buildApp(config, { connection, logger: false, render: options.render });
        ctx = {
          app,
          config,
          engine,
          client: () => new TestClient(app),
          async userClient(role = 'user', overrides = {}) {
            const phone = nextPhone();
            const user = await register(
              app.db,
              {
                first_name: 'Test',
                last_name: role,
                ...overrides,
                phone_1: phone,
                email: null,
                password: TEST_PASSWORD,
                password_confirmation: TEST_PASSWORD,
                role,
              },
              config.scryptLogN,
            );
            const client = new TestClient(app);
            const res = await client.post('/login', { login: phone, password: TEST_PASSWORD });
            if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
            return { client, user: { id: user.id, phone_1: user.phone_1 } };
          },
        };
        cleanup = async () => {
          await app.close();
          await connection.close();
          await drop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        };
      }, 60_000);
      afterAll(async () => cleanup?.(), 60_000);
      body(() => ctx, engine);
    });
  }
}
