import crypto from 'node:crypto';
import type { Config } from '../config';
import type { DB } from './types';
import { register } from '../features/users/users.service';
import type { SiteRole } from '../../shared/constants';
import { seedCatalogIfEmpty } from './catalog-seed';
import { isPostgresUrl } from './connect';
import { seedDemoContent, type DemoUsers } from './demo-seed';
import type { DemoUserKey } from './demo-offers';

export interface DemoAccount {
  role: SiteRole;
  phone: string;
  password: string;
}

export const DEMO_PASSWORD = 'souq-demo-2026';
const DEMO_USERS: {
  key: DemoUserKey;
  role: SiteRole;
  phone: string;
  first_name: string;
  last_name: string;
  language: 'ar' | 'fr';
}[] = [
  {
    key: 'mohamed',
    role: 'admin',
    phone: '22000000',
    first_name: 'Mohamed',
    last_name: 'Ould Ahmed',
    language: 'ar',
  },
  {
    key: 'mariem',
    role: 'moderator',
    phone: '22000001',
    first_name: 'Mariem',
    last_name: 'Mint Sidi',
    language: 'fr',
  },
  {
    key: 'aicha',
    role: 'user',
    phone: '22000002',
    first_name: 'Aïcha',
    last_name: 'Ba',
    language: 'fr',
  },
  {
    key: 'sidi',
    role: 'user',
    phone: '22000003',
    first_name: 'سيدي',
    last_name: 'ولد محمد',
    language: 'ar',
  },
];

/**
 * An empty database gets the reference data every install needs (the catalogue of SPEC §3) and,
 * unless SEED_DEMO is off, demo accounts, then their shops, offers and demands around Nouakchott
 * (server/db/demo-seed.ts; its images go to DATA_DIR/media). Returns the demo accounts it made,
 * to print.
 */
export async function seedIfEmpty(
  db: DB,
  config: Pick<Config, 'seedDemo' | 'scryptLogN'> &
    Partial<Pick<Config, 'dataDir' | 'databaseUrl' | 'production'>>,
): Promise<DemoAccount[]> {
  await seedCatalogIfEmpty(db);
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser || !config.seedDemo) return [];
  if (!config.dataDir) throw new Error('seedIfEmpty: the demo seed needs dataDir for its images');
  const made: DemoAccount[] = [];
  const users = {} as DemoUsers;
  for (const u of DEMO_USERS) {
    // In production a demo account never has the published password: each gets a random one,
    // printed once by main.ts (issue 14 item 8).
    const password = config.production
      ? crypto.randomBytes(12).toString('base64url')
      : DEMO_PASSWORD;
    const user = await register(
      db,
      {
        ...u,
        phone_1: u.phone,
        email: null,
        password,
        password_confirmation: password,
      },
      config.scryptLogN,
    );
    users[u.key] = {
      id: user.id,
      role: u.role,
      language: u.language,
      phone_1: user.phone_1,
    };
    made.push({ role: u.role, phone: u.phone, password });
  }
  // The demo market has been running a while (its offers span weeks): its accounts are not new
  // ones, so the new-account limits of issue 19 (docs/trust.md) do not apply to them.
  const joined = new Date(Date.now() - 60 * 86_400_000).toISOString();
  await db
    .updateTable('users')
    .set({ created_at: joined })
    .where(
      'id',
      'in',
      Object.values(users).map((u) => u.id),
    )
    .execute();
  await seedDemoContent(db, users, {
    dataDir: config.dataDir,
    dialect: isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite',
  });
  return made;
}
