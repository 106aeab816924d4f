import fp from 'fastify-plugin';
import { SAVED_SEARCH_FLUSH_MS } from '../../../shared/constants';
import { SearchAlerts } from './search-alerts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Matches new products against saved searches after their request (search-alerts.ts). */
    searchAlerts: SearchAlerts;
  }
}

// One SearchAlerts per app, registered before the features' routes (products hand it new
// offers). A timer sends the grouped alerts whose hour has passed; every process runs it (the
// row is re-read under its lock, so an alert is sent once). Closing the app waits for the
// matching in progress.
export default fp(async (app) => {
  const alerts = new SearchAlerts(app.db, app.dialect, app.log);
  app.decorate('searchAlerts', alerts);
  let flushing: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    flushing ??= alerts
      .flushDue()
      .catch((error: unknown) => app.log.warn({ err: error }, 'search alerts flush failed'))
      .finally(() => (flushing = null));
  }, SAVED_SEARCH_FLUSH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flushing;
    await alerts.idle();
  });
});
