import type { DB, Executor } from './types';
import { now } from './connect';
import type { FieldValue } from '../../shared/schemas/catalog';
import { CATALOG_TREE } from '../features/catalog/seed/tree';
import type { SeedCategory, SeedValue } from '../features/catalog/seed/helpers';

// SPEC §3's fixed category tree is reference data: every empty database gets it, whether or not
// demo data is wanted (SEED_DEMO only governs the demo accounts, shops and offers).

const SEED_LOCK_KEY = 'catalog_seeded_at';

function toFieldValue(v: SeedValue): FieldValue {
  if (typeof v === 'string') return { value: v };
  return {
    value: v.value,
    sub_field: { name: v.sub_field.name, values: v.sub_field.values.map(toFieldValue) },
  };
}

async function insertCategory(trx: Executor, tree: SeedCategory, order: number, at: string) {
  const stamps = { created_at: at, updated_at: at };
  const { id: pcategoryId } = await trx
    .insertInto('pcategories')
    .values({ name: tree.name, order_number: order, ...stamps })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, sub] of tree.subcategories.entries()) {
    const { id: psubcategoryId } = await trx
      .insertInto('psubcategories')
      .values({
        pcategory_id: pcategoryId,
        name: sub.name,
        order_number: index + 1,
        ...sub.flags,
        mesure_unit: sub.mesure_unit,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!sub.fields.length) continue;
    await trx
      .insertInto('pfields')
      .values(
        sub.fields.map((f) => ({
          psubcategory_id: psubcategoryId,
          name: f.name,
          translated: f.translated,
          type: f.type,
          mesure_unit: f.mesure_unit,
          position: f.position,
          values: JSON.stringify(f.values.map(toFieldValue)),
          ...stamps,
        })),
      )
      .execute();
  }
}

/**
 * Writes the tree when no category exists yet; does nothing otherwise. Returns whether it wrote.
 * Two processes starting on one empty PostgreSQL database take turns on the settings row, so
 * the second sees the first one's categories and writes nothing.
 */
export async function seedCatalogIfEmpty(db: DB, tree = CATALOG_TREE): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const at = now();
    await trx
      .insertInto('settings')
      .values({ key: SEED_LOCK_KEY, value: '' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '' }))
      .execute();
    const any = await trx.selectFrom('pcategories').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    for (const [index, category] of tree.entries()) {
      await insertCategory(trx, category, index + 1, at);
    }
    await trx.updateTable('settings').set({ value: at }).where('key', '=', SEED_LOCK_KEY).execute();
    return true;
  });
}
