import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { createBackup } from './backup';
import { BackupError } from './backup-format';
import { restoreBackup } from './restore';

// The CLI's `backup --to DIR` and `restore --from DIR` (server/cli.ts): arguments checked here,
// so that a mistake gets one line saying what to type, and nothing is touched.

function folderArgument(args: string[], name: 'to' | 'from', usage: string): string {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args, options: { [name]: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\nusage: ${usage}`);
  }
  const dir = values[name]?.trim();
  if (!dir) throw new BackupError(`--${name} DIR is required\nusage: ${usage}`);
  return dir;
}

export async function backupCommand(config: Config, args: string[]): Promise<string> {
  const dir = folderArgument(args, 'to', 'npm run cli -- backup --to DIR');
  const { dir: written, manifest } = await createBackup(config, dir);
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  const media =
    manifest.media.kind === 'folder'
      ? `${manifest.media.files} media files`
      : `${manifest.media.keys} keys of bucket ${manifest.media.bucket} listed`;
  return `backup of ${manifest.engine} (schema ${manifest.schema_version}, ${rows} rows, ${media}) written to ${written}`;
}

export async function restoreCommand(config: Config, args: string[]): Promise<string> {
  const dir = folderArgument(args, 'from', 'npm run cli -- restore --from DIR');
  const { manifest, notes } = await restoreBackup(config, dir);
  const target = manifest.engine === 'postgres' ? 'the database of DATABASE_URL' : config.dataDir;
  return [
    `restored the backup of ${manifest.created_at} (schema ${manifest.schema_version}) into ${target}; ` +
      `every table's rows match the manifest. Start the server: it migrates the copy to this version.`,
    ...notes.map((n) => `note: ${n}`),
  ].join('\n');
}

export { BackupError };
