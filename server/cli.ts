import { parseArgs } from 'node:util';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from './config';
import { connect } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { register } from './features/users/users.service';
import { registerBody } from '../shared/schemas/users';
import { SITE_ROLES, type SiteRole } from '../shared/constants';
import { HttpError } from './errors';

// npm run cli -- <command> [options]
//   migrate | seed | backup [--out FILE]
//   user:create --role admin|moderator|user --phone P --password W --first-name F --last-name L [--email E]
const [command, ...rest] = process.argv.slice(2);
const config = loadConfig();
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
        made.length ? `seeded ${made.length} demo accounts` : 'database not empty: nothing seeded',
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
    case 'backup': {
      const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
      if (dialect !== 'sqlite') throw new Error('on PostgreSQL, use pg_dump');
      const out = path.resolve(
        values.out ??
          path.join(
            config.dataDir,
            `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`,
          ),
      );
      // VACUUM INTO writes a consistent copy while the server keeps running.
      await sql`vacuum into ${out}`.execute(db);
      console.info(`backup written to ${out}`);
      break;
    }
    default:
      console.error(
        'usage: npm run cli -- migrate | seed | backup [--out FILE] | user:create --role R --phone P --password W --first-name F --last-name L',
      );
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
