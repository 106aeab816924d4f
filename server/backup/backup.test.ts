import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { connect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { S3MediaStorage } from '../media/s3-storage';
import { startS3Server } from '../media/s3-test-server';
import { createPostgresDatabase, describeEachEngine } from '../test/harness';
import { BackupError, MANIFEST, readManifest } from './backup-format';
import { backupCommand, restoreCommand } from './commands';

// The CLI's backup and restore (issue 34 item 1) on a small database of each engine: a round
// trip keeps every row and media file, and every mistake is refused before anything is touched.
// Under load, with a server writing meanwhile: reliability/backup.test.ts.

const temps: string[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
  for (const drop of drops) await drop();
}, 60_000);

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-backup-'));
  temps.push(dir);
  return dir;
}

/** An empty target of the same engine as `config`: a new folder, and a new database. */
async function emptyTarget(config: Config): Promise<Config> {
  const dataDir = tempDir();
  let databaseUrl: string | undefined;
  if (config.databaseUrl) {
    const created = await createPostgresDatabase();
    drops.push(created.drop);
    databaseUrl = created.url;
  }
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
}

const MEDIA = '0123456789abcdef0123456789abcdef.webp';

describeEachEngine('backup and restore', (ctx) => {
  let backupDir = '';

  it('backs up and restores every row and media file into an empty target', async () => {
    const { client } = await ctx().userClient();
    const made = await client.post('/shops/create', { name: 'Backup shop' });
    expect(made.statusCode).toBe(201);
    fs.mkdirSync(path.join(ctx().config.dataDir, 'media'), { recursive: true });
    fs.writeFileSync(path.join(ctx().config.dataDir, 'media', MEDIA), 'image bytes');

    backupDir = path.join(tempDir(), 'backup');
    const said = await backupCommand(ctx().config, ['--to', backupDir]);
    expect(said).toMatch(/^backup of (sqlite|postgres)/);
    const manifest = readManifest(backupDir);
    expect(manifest.engine).toBe(ctx().engine);
    expect(manifest.schema_version).toMatch(/^\d{3}-/);
    expect(manifest.counts.users).toBeGreaterThanOrEqual(1);
    expect(manifest.counts.shops).toBeGreaterThanOrEqual(1);
    expect(manifest.media).toEqual({ kind: 'folder', files: 1, bytes: 11 });

    const target = await emptyTarget(ctx().config);
    await restoreCommand(target, ['--from', backupDir]);
    expect(fs.readFileSync(path.join(target.dataDir, 'media', MEDIA), 'utf8')).toBe('image bytes');
    const restored = connect(target);
    try {
      const shop = await restored.db
        .selectFrom('shops')
        .select('name')
        .where('name', '=', 'Backup shop')
        .executeTakeFirst();
      expect(shop?.name).toBe('Backup shop');
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore into a database or data folder that is not empty', async () => {
    // The running app's own database and folder.
    await expect(restoreCommand(ctx().config, ['--from', backupDir])).rejects.toThrow(
      /not empty|already exists|has \d+ tables/,
    );
    const target = await emptyTarget(ctx().config);
    fs.mkdirSync(path.join(target.dataDir, 'media'));
    fs.writeFileSync(path.join(target.dataDir, 'media', MEDIA), 'other');
    await expect(restoreCommand(target, ['--from', backupDir])).rejects.toThrow(
      /media is not empty/,
    );
  });

  it('refuses missing or unknown arguments, a non-empty backup folder and an unfinished backup', async () => {
    await expect(backupCommand(ctx().config, [])).rejects.toThrow(
      /--to DIR is required\nusage: npm run cli -- backup --to DIR/,
    );
    await expect(backupCommand(ctx().config, ['--out', 'x.sqlite'])).rejects.toThrow(BackupError);
    await expect(restoreCommand(ctx().config, ['--from'])).rejects.toThrow(BackupError);
    await expect(restoreCommand(ctx().config, [])).rejects.toThrow(/--from DIR is required/);
    await expect(backupCommand(ctx().config, ['--to', backupDir])).rejects.toThrow(/not empty/);

    const unfinished = tempDir();
    fs.cpSync(backupDir, unfinished, { recursive: true });
    fs.rmSync(path.join(unfinished, MANIFEST));
    const target = await emptyTarget(ctx().config);
    await expect(restoreCommand(target, ['--from', unfinished])).rejects.toThrow(
      /no manifest\.json: not a backup, or one that did not finish/,
    );
  });

  it('refuses a backup of the other engine, and one of a newer schema', async () => {
    const other = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: ctx().engine === 'sqlite' ? 'postgres://nobody@127.0.0.1:1/none' : '',
    });
    await expect(restoreCommand(other, ['--from', backupDir])).rejects.toThrow(
      /restore into the same engine/,
    );
    const newer = tempDir();
    fs.cpSync(backupDir, newer, { recursive: true });
    const manifest = readManifest(newer);
    fs.writeFileSync(
      path.join(newer, MANIFEST),
      JSON.stringify({ ...manifest, schema_version: '999-from-the-future' }),
    );
    await expect(
      restoreCommand(await emptyTarget(ctx().config), ['--from', newer]),
    ).rejects.toThrow(/newer than this version knows/);
  });
});

it('the CLI exits 2 with its usage when --to is missing, without touching anything', async () => {
  const dataDir = tempDir();
  const run = promisify(execFile);
  const failed = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'backup'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).catch((e: { code: number; stderr: string }) => e);
  expect('code' in failed && failed.code).toBe(2);
  expect((failed as { stderr: string }).stderr).toMatch(/--to DIR is required/);
  expect(fs.readdirSync(dataDir)).toEqual([]);
}, 30_000);

it('with S3, lists the bucket in the backup and counts listed keys missing on restore', async () => {
  const s3 = await startS3Server();
  try {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...s3.env };
    const config = loadConfig(env);
    const made = connect(config);
    await migrateToLatest(made.db, made.dialect);
    await made.close();
    const storage = new S3MediaStorage(s3.config);
    await storage.write(MEDIA, Buffer.from('in the bucket'));

    const backupDir = path.join(tempDir(), 'backup');
    await backupCommand(config, ['--to', backupDir]);
    expect(readManifest(backupDir).media).toEqual({
      kind: 's3',
      bucket: s3.config.bucket,
      keys: 1,
      bytes: 13,
      file: 'media-keys.json',
    });

    await storage.remove(MEDIA);
    const target = loadConfig({ ...env, DATA_DIR: tempDir() });
    const said = await restoreCommand(target, ['--from', backupDir]);
    expect(said).toMatch(/1 of the backup's 1 media keys are not in bucket/);
  } finally {
    await s3.close();
  }
}, 60_000);
