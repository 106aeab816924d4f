import { buildApp } from './app';
import { loadConfig } from './config';
import { seedIfEmpty } from './db/seed';

const config = loadConfig();
const app = await buildApp(config);
const demo = await seedIfEmpty(app.db, config);
await app.listen({ port: config.port, host: config.host });

const address = `http://localhost:${config.port}`;
console.info(`\nSouq is serving on ${address} (${app.dialect})`);
if (demo.length) {
  console.info('Demo accounts (phone / password):');
  for (const account of demo)
    console.info(`  ${account.role.padEnd(9)} ${account.phone} / ${account.password}`);
}

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}
