import type { Executor, ProductsTable } from '../db/types';
import type { Insertable } from 'kysely';
import type { YesNo } from '../../shared/constants';
import { now } from '../db/connect';

// Rows that API suites need as a starting point, written straight to the database so that one
// feature's tests do not depend on another feature's routes.

export async function createSubcategory(
  db: Executor,
  overrides: Partial<{
    name: string;
    can_be_priced: YesNo;
    can_be_counted: YesNo;
    can_be_rented: YesNo;
    can_be_used: YesNo;
    can_be_delivered: YesNo;
  }> = {},
) {
  const at = now();
  const category = await db
    .insertInto('pcategories')
    .values({ name: 'vehicles', order_number: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('psubcategories')
    .values({
      pcategory_id: category.id,
      name: overrides.name ?? 'cars',
      order_number: 1,
      can_be_used: overrides.can_be_used ?? 'yes',
      can_be_rented: overrides.can_be_rented ?? 'yes',
      can_be_delivered: overrides.can_be_delivered ?? 'yes',
      can_be_priced: overrides.can_be_priced ?? 'yes',
      can_be_counted: overrides.can_be_counted ?? 'yes',
      mesure_unit: '',
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The personal shop made at registration for this user. */
export async function personalShopOf(db: Executor, userId: number) {
  const row = await db
    .selectFrom('shop_employees')
    .select('shop_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'owner')
    .orderBy('shop_id')
    .executeTakeFirstOrThrow();
  return row.shop_id;
}

/** When a product made at `at` by a test ends: LISTING_DAYS' default later (issue 32). */
export const liveUntil = (at: string) => new Date(Date.parse(at) + 60 * 86_400_000).toISOString();

export async function createProduct(
  db: Executor,
  values: { shop_id: number; psubcategory_id: number; user_id?: number } & Partial<
    Insertable<ProductsTable>
  >,
) {
  const at = now();
  return db
    .insertInto('products')
    .values({
      type: 'offer',
      name: 'Toyota Hilux 2015',
      name_fr: 'Toyota Hilux 2015',
      name_ar: 'تويوتا هيلوكس 2015',
      price: 1_500_000,
      offer_type: 'sale',
      number: 1,
      contact_methods: '["call","whatsapp"]',
      // The search columns of the default name, as the products service writes them (its own
      // words are its stems too: a lexicon word typed alone must be one of them, issue 30).
      search_text: 'toyota hilux 2015',
      search_stems: 'toyota hilux 2015',
      created_at: at,
      updated_at: at,
      expires_at: liveUntil(at),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Backdates accounts by `days` (30 by default): established accounts, out of the new-account
 * rules (offers a day, held texts, reporter trust) that a suite is not about.
 */
export async function ageAccounts(db: Executor, ids: number[], days = 30) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await db.updateTable('users').set({ created_at: at }).where('id', 'in', ids).execute();
}
