import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { BACKUP_CHECK_INTERVAL_MS } from '../../shared/constants';
import type { Config } from '../config';
import type { DB, Dialect } from '../db/types';
import { createBackup } from './backup';
import { MANIFEST, readManifest } from './backup-format';
import { whileHoldingTryLock } from './backup-lock.repository';

// Scheduled backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP; issue 34 item 1). Every process
// asks every few minutes whether one is due; one process at a time answers. On PostgreSQL that
// one holds an advisory lock (pg_try_advisory_lock: the others skip, never wait) for the whole
// run, and "due" is read from the backups already in BACKUP_DIR, so the processes sharing a
// folder make one backup per period between them. SQLite runs one process.

/** The advisory lock key of scheduled backups (beside STARTUP_LOCK_KEY, server/db/migrate.ts). */
export const BACKUP_LOCK_KEY = 1_786_320_034;

const PREFIX = 'backup-';

export type ScheduledOutcome =
  | { ran: true; dir: string; removed: string[] }
  | { ran: false; reason: 'not due' | 'another process runs it' };

/** The backups in `dir`, oldest first: folders named backup-<time> (names sort by time). */
function backupFolders(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.startsWith(PREFIX))
        .sort()
    : [];
}

function lastBackupAt(dir: string): number | null {
  for (const folder of backupFolders(dir).reverse()) {
    try {
      return Date.parse(readManifest(path.join(dir, folder)).created_at);
    } catch {
      // unfinished: not a backup
    }
  }
  return null;
}

/** Makes a backup if the newest in BACKUP_DIR is older than BACKUP_EVERY_HOURS, then prunes. */
export async function runScheduledBackup(
  config: Config,
  db: DB,
  dialect: Dialect,
  now = Date.now(),
): Promise<ScheduledOutcome> {
  const schedule = config.backup!;
  const work = async (): Promise<ScheduledOutcome> => {
    const last = lastBackupAt(schedule.dir);
    if (last !== null && now - last < schedule.everyHours * 3_600_000)
      return { ran: false, reason: 'not due' };
    fs.mkdirSync(schedule.dir, { recursive: true });
    const name = PREFIX + new Date(now).toISOString().replace(/[:.]/g, '-');
    const { dir } = await createBackup(config, path.join(schedule.dir, name));
    return { ran: true, dir, removed: prune(schedule.dir, schedule.keep, name) };
  };
  if (dialect !== 'postgres') return work();
  return (
    (await whileHoldingTryLock(db, BACKUP_LOCK_KEY, work)) ?? {
      ran: false,
      reason: 'another process runs it',
    }
  );
}

/**
 * Keeps the newest `keep` whole backups; removes older ones and folders a stopped run left
 * without a manifest (only the lock holder runs, so none is being written but `current`).
 */
function prune(dir: string, keep: number, current: string): string[] {
  const folders = backupFolders(dir);
  const whole = folders.filter((f) => fs.existsSync(path.join(dir, f, MANIFEST)));
  const unfinished = folders.filter((f) => f !== current && !whole.includes(f));
  const removed = [...whole.slice(0, Math.max(0, whole.length - keep)), ...unfinished];
  for (const f of removed) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
  return removed;
}

export default fp(async (app) => {
  if (!app.config.backup) return;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= runScheduledBackup(app.config, app.db, app.dialect)
      .then((outcome) => {
        if (outcome.ran) app.log.info(outcome, 'scheduled backup written');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'scheduled backup failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, BACKUP_CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
