import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connect, isPostgresUrl } from './db/connect';
import { migrateToLatest, underStartupLock } from './db/migrate';
import { seedIfEmpty, type DemoAccount } from './db/seed';
import { loadRenderer } from './plugins/page-render';
import { whileStarting } from './features/health/starting';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // A bad environment stops the server before it listens, naming the variable.
  console.error(error.message);
  process.exit(1);
}

// WORKERS=N (issue 18, docs/live-events.md): N server processes with node:cluster, sharing the
// port (the primary hands connections round-robin), on one PostgreSQL. The primary migrates and
// seeds once, then forks, restarts a worker that dies, and on SIGTERM/SIGINT waits for the
// workers' graceful shutdown. SQLite allows one writing process: it always runs one.
const workers = isPostgresUrl(config.databaseUrl) ? config.workers : 1;
if (config.workers > 1 && workers === 1) {
  console.warn(
    `WORKERS=${config.workers} ignored: SQLite is served by one process (several processes need PostgreSQL, DATABASE_URL).`,
  );
}

if (workers > 1 && cluster.isPrimary) await runPrimary(config, workers);
else await runServer(config, cluster.isWorker);

async function runPrimary(config: Config, count: number) {
  // The port answers 503 `starting` while the primary migrates (issue 34 item 3); then the workers
  // take it.
  const demo = await whileStarting(config, async () => {
    const connection = connect(config);
    try {
      await migrateToLatest(connection.db, connection.dialect);
      return await underStartupLock(connection.db, connection.dialect, (db) =>
        seedIfEmpty(db, config),
      );
    } finally {
      await connection.close();
    }
  });
  let stopping = false;
  let ready = 0;
  // Each worker has its slot (0…count-1), kept by the one that replaces it: with METRICS_PORT,
  // worker n serves its metrics on METRICS_PORT + n (one scrape target per process).
  const slots = new Map<number, number>();
  const fork = (slot: number) => {
    const worker = cluster.fork({ SOUQ_WORKER_SLOT: String(slot) });
    slots.set(worker.id, slot);
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    const slot = slots.get(worker.id) ?? 0;
    slots.delete(worker.id);
    setTimeout(() => fork(slot), 500);
  });
  cluster.on('listening', () => {
    ready += 1;
    if (ready !== count) return;
    console.info(
      `\nSouq is serving on http://localhost:${config.port} (postgres, ${count} processes)`,
    );
    printDemo(demo, config);
  });
  for (let i = 0; i < count; i++) fork(i);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      setTimeout(() => process.exit(1), config.shutdownDrainMs + 12_000).unref();
    });
  }
}

async function runServer(config: Config, isWorker: boolean) {
  if (isWorker && config.metricsPort !== undefined)
    config = {
      ...config,
      metricsPort: config.metricsPort + Number(process.env.SOUQ_WORKER_SLOT ?? 0),
    };
  const start = async () => {
    // Pages rendered on the server by the built web app (dist/ssr); without a build, the shell.
    const app = await buildApp(config, { render: await loadRenderer(config.webDir) });
    const demo = await underStartupLock(app.db, app.dialect, (db) => seedIfEmpty(db, config));
    return { app, demo };
  };
  // Migrations run in buildApp, the port answering 503 `starting` meanwhile (/readyz). Not in a
  // worker: the primary has migrated, and a worker started again beside running ones would take
  // its share of their requests only to refuse them.
  const { app, demo } = isWorker ? await start() : await whileStarting(config, start);
  await app.listen({ port: config.port, host: config.host });

  const { port } = app.server.address() as { port: number };
  const address = `http://localhost:${port}`;
  if (!isWorker) console.info(`\nSouq is serving on ${address} (${app.dialect})`);
  printDemo(demo, config);

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  // A worker may hear the signal twice (from the terminal and from the primary): once is enough.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // /readyz answers 503 from now on; requests are still served for SHUTDOWN_DRAIN_MS, so a
      // load balancer polling /readyz takes this process out before it stops accepting.
      app.readiness.closing = true;
      setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000).unref();
      setTimeout(() => {
        // Keep-alive sockets that go idle once their last response is sent would hold close()
        // open: close them as they go idle, and give up waiting after 10 s.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
        app.close().then(
          () => {
            clearInterval(sweep);
            process.exit(0);
          },
          (error) => {
            app.log.error(error);
            process.exit(1);
          },
        );
      }, config.shutdownDrainMs);
    });
  }
}

function printDemo(demo: DemoAccount[], config: Config) {
  if (!demo.length) return;
  console.info(
    config.production
      ? 'Demo accounts (phone / password, shown this once: write them down or change them):'
      : 'Demo accounts (phone / password):',
  );
  for (const account of demo)
    console.info(`  ${account.role.padEnd(9)} ${account.phone} / ${account.password}`);
}
