import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HOUSEKEEPING_INTERVAL_MS } from '../../shared/constants';
import { pruneThrottle } from '../features/users/login-throttle';
import { pruneExpiredSessions } from '../features/users/sessions.repository';
import { now } from '../db/connect';
import { pruneOldFrontendLogs } from '../features/admin/frontend-logs.service';
import { pruneRateLimits } from '../limits/rate-limits';
import { purgeViewMarks } from '../features/insights/insights.service';
import { pruneExpiredCodes } from '../features/users/account-codes.repository';
import { pruneExpiredLeases } from '../features/notifications/stream-leases';
import { runListingHousekeeping } from '../features/products/listing-housekeeping';

// Rows that no longer mean anything are dropped on a schedule (issue 14 items 2 and 11): sign-in
// throttle counts whose window has run out, expired sessions (a session is only deleted when its
// cookie comes back, which an abandoned one never does), frontend logs past their age, and ended
// per-user rate-limit windows. Every process runs it; the deletes are idempotent. The timer does not keep the process alive and stops when the app closes.

async function listingHousekeeping(app: FastifyInstance): Promise<number> {
  const done = await runListingHousekeeping({
    db: app.db,
    dialect: app.dialect,
    media: app.media,
    purgeDays: app.config.listingPurgeDays,
    // Texts go in the background through the outbox (failures logged; close() waits for them).
    sms: { publicUrl: app.config.publicUrl, send: (to, text) => app.dispatch('sms', to, text) },
  });
  return done ? done.noticed + done.purged : 0;
}

export async function runHousekeeping(app: FastifyInstance): Promise<void> {
  const tasks: [string, () => Promise<number>][] = [
    ['login_throttle', () => pruneThrottle(app.db)],
    ['sessions', () => pruneExpiredSessions(app.db, now())],
    ['frontend_logs', () => pruneOldFrontendLogs(app.db)],
    ['rate_limits', () => pruneRateLimits(app.db)],
    ['product_view_marks', () => purgeViewMarks(app.db)],
    ['account_codes', () => pruneExpiredCodes(app.db, now())],
    ['stream_leases', () => pruneExpiredLeases(app.db)],
    // Issue 32: expiry notices and the purge of long-expired offers (one process at a time).
    ['products', () => listingHousekeeping(app)],
  ];
  for (const [table, task] of tasks) {
    try {
      const removed = await task();
      if (removed) app.log.info({ table, removed }, 'housekeeping');
    } catch (error) {
      // The database may be restarting: the next round tries again.
      app.log.warn({ err: error, table }, 'housekeeping failed');
    }
  }
}

export default fp(async (app) => {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= runHousekeeping(app).finally(() => (running = null));
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
