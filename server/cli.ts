import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfig } from './config';
import { connect } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { register } from './features/users/users.service';
import { registerBody } from '../shared/schemas/users';
import { SITE_ROLES, type SiteRole } from '../shared/constants';
import { HttpError } from './errors';
import { copyMediaFolder } from './media/copy-to-storage';
import { S3MediaStorage } from './media/s3-storage';
import { LocalMediaStorage } from './media/storage';
import { hashStoredPhotos } from './features/moderation/photos.service';
import { BackupError, backupCommand, restoreCommand } from './backup/commands';

// npm run cli -- <command> [options]
//   migrate | seed | backup --to DIR | restore --from DIR | media:copy-to-s3 [--from DIR]
//   media:hash-photos
//   user:create --role admin|moderator|user --phone P --password W --first-name F --last-name L [--email E]
const USAGE =
  'usage: npm run cli -- migrate | seed | backup --to DIR | restore --from DIR | media:copy-to-s3 [--from DIR] | media:hash-photos | user:create --role R --phone P --password W --first-name F --last-name L';
const [command, ...rest] = process.argv.slice(2);
const config = loadConfig();

// backup and restore open the database themselves and never migrate: a backup copies what is
// there, a restore needs an empty target (the server migrates the copy when it starts).
if (command === 'backup' || command === 'restore') {
  try {
    console.info(
      command === 'backup' ? await backupCommand(config, rest) : await restoreCommand(config, rest),
    );
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : String(error));
    process.exitCode = error instanceof BackupError && /usage:/.test(error.message) ? 2 : 1;
  }
} else await runOnDatabase();

async function runOnDatabase() {
  const { db, dialect, close } = connect(config);
  try {
    await migrateToLatest(db, dialect);
    switch (command) {
      case 'migrate':
        console.info('migrated');
        break;
      case 'seed': {
        const made = await seedIfEmpty(db, config);
        console.info(
          made.length
            ? `seeded ${made.length} demo accounts`
            : 'database not empty: nothing seeded',
        );
        break;
      }
      case 'user:create': {
        const { values } = parseArgs({
          args: rest,
          options: {
            role: { type: 'string', default: 'user' },
            phone: { type: 'string' },
            password: { type: 'string' },
            'first-name': { type: 'string' },
            'last-name': { type: 'string' },
            email: { type: 'string' },
          },
        });
        if (!(SITE_ROLES as readonly string[]).includes(values.role!))
          throw new Error(`--role must be one of ${SITE_ROLES.join(', ')}`);
        const body = registerBody.parse({
          first_name: values['first-name'],
          last_name: values['last-name'],
          phone_1: values.phone,
          email: values.email,
          password: values.password,
          password_confirmation: values.password,
        });
        const user = await register(
          db,
          { ...body, role: values.role as SiteRole },
          config.scryptLogN,
        );
        console.info(`created ${user.role} #${user.id} (${user.phone_1})`);
        break;
      }
      case 'media:copy-to-s3': {
        // Issue 18 item 4: DATA_DIR/media (or --from) into the bucket of S3_*.
        const { values } = parseArgs({ args: rest, options: { from: { type: 'string' } } });
        if (!config.s3)
          throw new Error('set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
        const from = path.resolve(values.from ?? path.join(config.dataDir, 'media'));
        const { copied, skipped } = await copyMediaFolder(from, new S3MediaStorage(config.s3));
        console.info(
          `${copied} files copied to s3 bucket ${config.s3.bucket}, ${skipped} already there`,
        );
        break;
      }
      case 'media:hash-photos': {
        // Issue 19 item 4: the perceptual hash of offer images stored before it was kept.
        const storage = config.s3
          ? new S3MediaStorage(config.s3)
          : new LocalMediaStorage(path.join(config.dataDir, 'media'));
        const { hashed, missing } = await hashStoredPhotos(db, storage);
        console.info(`${hashed} photos hashed, ${missing} files missing`);
        break;
      }
      default:
        console.error(USAGE);
        process.exitCode = 2;
    }
  } catch (error) {
    if (error instanceof HttpError) console.error(JSON.stringify({ errors: error.errors }));
    else if (error && typeof error === 'object' && 'issues' in error)
      console.error(JSON.stringify((error as { issues: unknown }).issues));
    else console.error(String(error));
    process.exitCode = 1;
  } finally {
    await close();
  }
}
