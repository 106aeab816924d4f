import fp from 'fastify-plugin';
import { SAVED_SEARCH_FLUSH_MS } from '../../../shared/constants';
import { SearchAlerts } from './search-alerts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Matches new offers against saved searches off their request (search-alerts.ts). */
    searchAlerts: SearchAlerts;
  }
}

// One SearchAlerts per app, registered before the features' routes (products hand it new
// offers). A timer drains the matching queue (offers another process queued, or one that died
// left) and sends the grouped alerts whose hour has passed; every process runs it (claims and
// row locks make each offer matched and each alert sent once). Closing the app waits for the
// drain in progress; what is still queued waits in the table for the next start.
export default fp(async (app) => {
  const alerts = new SearchAlerts(app.db, app.dialect, app.log);
  app.decorate('searchAlerts', alerts);
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= alerts
      .drain()
      .then(() => alerts.flushDue())
      .catch((error: unknown) => app.log.warn({ err: error }, 'search alerts round failed'))
      .finally(() => (running = null));
  }, SAVED_SEARCH_FLUSH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await alerts.stop();
  });
});
