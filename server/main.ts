import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { seedIfEmpty } from './db/seed';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // A bad environment stops the server before it listens, naming the variable.
  console.error(error.message);
  process.exit(1);
}
const app = await buildApp(config);
const demo = await seedIfEmpty(app.db, config);
await app.listen({ port: config.port, host: config.host });

const { port } = app.server.address() as { port: number };
const address = `http://localhost:${port}`;
console.info(`\nSouq is serving on ${address} (${app.dialect})`);
if (demo.length) {
  console.info(
    config.production
      ? 'Demo accounts (phone / password, shown this once: write them down or change them):'
      : 'Demo accounts (phone / password):',
  );
  for (const account of demo)
    console.info(`  ${account.role.padEnd(9)} ${account.phone} / ${account.password}`);
}

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    // Keep-alive sockets that go idle once their last response is sent would hold close() open:
    // close them as they go idle, and give up waiting after 10 s.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    setTimeout(() => process.exit(1), 10_000).unref();
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
  });
}
