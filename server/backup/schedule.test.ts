import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../config';
import { describeEachEngine } from '../test/harness';
import { BACKUP_LOCK_KEY, runScheduledBackup } from './schedule';

// BACKUP_DIR / BACKUP_EVERY_HOURS / BACKUP_KEEP (issue 34 item 1): a backup when due, none
// otherwise, the oldest beyond BACKUP_KEEP removed, and on PostgreSQL one process at a time.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function scheduled(config: Config): Config {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-backups-'));
  dirs.push(dir);
  return { ...config, backup: { dir, everyHours: 24, keep: 2 } };
}

const HOUR = 3_600_000;

describeEachEngine('scheduled backups', (ctx, engine) => {
  it('backs up when due, skips when not, keeps the newest BACKUP_KEEP', async () => {
    const config = scheduled(ctx().config);
    const { db, dialect } = ctx().app;
    // A run stopped half way (no manifest) is cleared by the next one.
    fs.mkdirSync(path.join(config.backup!.dir, 'backup-0000-unfinished'));
    const t0 = Date.now();
    const first = await runScheduledBackup(config, db, dialect, t0);
    expect(first.ran).toBe(true);
    if (first.ran) expect(first.removed).toEqual(['backup-0000-unfinished']);
    expect(await runScheduledBackup(config, db, dialect, t0 + HOUR)).toEqual({
      ran: false,
      reason: 'not due',
    });
    expect((await runScheduledBackup(config, db, dialect, t0 + 25 * HOUR)).ran).toBe(true);
    // Due again: the manifests' own times are "now", so pretend a day after the last one.
    const third = await runScheduledBackup(config, db, dialect, Date.now() + 25 * HOUR);
    expect(third.ran).toBe(true);
    const left = fs.readdirSync(config.backup!.dir).sort();
    expect(left).toHaveLength(2);
    if (third.ran) expect(third.removed).toHaveLength(1);
    expect(left.at(-1)).toBe(path.basename(third.ran ? third.dir : ''));
  });

  it.skipIf(engine !== 'postgres')(
    'on PostgreSQL skips while another process holds the backup lock',
    async () => {
      const config = scheduled(ctx().config);
      const other = new pg.Client({ connectionString: config.databaseUrl });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [BACKUP_LOCK_KEY]);
        expect(await runScheduledBackup(config, ctx().app.db, 'postgres')).toEqual({
          ran: false,
          reason: 'another process runs it',
        });
        expect(fs.readdirSync(config.backup!.dir)).toEqual([]);
      } finally {
        await other.end();
      }
      expect((await runScheduledBackup(config, ctx().app.db, 'postgres')).ran).toBe(true);
    },
  );
});

it('reads BACKUP_* from the environment: off without BACKUP_DIR, bad numbers refused', () => {
  expect(loadConfig({}).backup).toBeUndefined();
  expect(loadConfig({ BACKUP_DIR: '/var/backups/souq' }).backup).toEqual({
    dir: '/var/backups/souq',
    everyHours: 24,
    keep: 7,
  });
  expect(
    loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' }).backup,
  ).toMatchObject({ everyHours: 6, keep: 28 });
  expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY_HOURS: '0' })).toThrow(ConfigError);
  expect(() => loadConfig({ BACKUP_KEEP: 'all' })).toThrow(/BACKUP_KEEP/);
});
