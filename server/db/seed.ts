import type { Config } from '../config';
import type { DB } from './types';
import { register } from '../features/users/users.service';
import type { SiteRole } from '../../shared/constants';
import { seedCatalogIfEmpty } from './catalog-seed';

export interface DemoAccount {
  role: SiteRole;
  phone: string;
  password: string;
}

export const DEMO_PASSWORD = 'souq-demo-2026';
const DEMO_USERS: {
  role: SiteRole;
  phone: string;
  first_name: string;
  last_name: string;
  language: 'ar' | 'fr';
}[] = [
  {
    role: 'admin',
    phone: '22000000',
    first_name: 'Mohamed',
    last_name: 'Ould Ahmed',
    language: 'ar',
  },
  {
    role: 'moderator',
    phone: '22000001',
    first_name: 'Mariem',
    last_name: 'Mint Sidi',
    language: 'fr',
  },
  { role: 'user', phone: '22000002', first_name: 'Aïcha', last_name: 'Ba', language: 'fr' },
  { role: 'user', phone: '22000003', first_name: 'سيدي', last_name: 'ولد محمد', language: 'ar' },
];

/**
 * An empty database gets the reference data every install needs (the catalogue of SPEC §3) and,
 * unless SEED_DEMO is off, demo accounts. Returns the demo accounts it made, to print.
 */
export async function seedIfEmpty(
  db: DB,
  config: Pick<Config, 'seedDemo' | 'scryptLogN'>,
): Promise<DemoAccount[]> {
  await seedCatalogIfEmpty(db);
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser || !config.seedDemo) return [];
  const made: DemoAccount[] = [];
  for (const u of DEMO_USERS) {
    await register(
      db,
      {
        ...u,
        phone_1: u.phone,
        email: null,
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      },
      config.scryptLogN,
    );
    made.push({ role: u.role, phone: u.phone, password: DEMO_PASSWORD });
  }
  return made;
}
