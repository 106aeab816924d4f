import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { seedCatalogIfEmpty } from '../../db/catalog-seed';
import { seedIfEmpty } from '../../db/seed';
import { now } from '../../db/connect';
import { pfieldCreateBody, psubcategoryCreateBody } from '../../../shared/schemas/catalog';
import { CATALOG_TREE } from './seed/tree';
import { catalogKeys } from './seed/keys';
import type { SeedValue } from './seed/helpers';

const SPEC_CATEGORIES = [
  'vehicles',
  'real_estate',
  'multimedia',
  'home_goods',
  'diy',
  'fashion',
  'baby',
  'hobbies',
  'professional_equipment',
  'food',
  'animals',
  'beauty',
  'traditional_items',
  'services',
];

const toJson = (values: SeedValue[]): unknown =>
  values.map((v) =>
    typeof v === 'string'
      ? { value: v }
      : {
          value: v.value,
          sub_field: { name: v.sub_field.name, values: toJson(v.sub_field.values) },
        },
  );

const dictionary = (lang: 'ar' | 'fr'): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.resolve(`shared/locales/${lang}/catalog.json`), 'utf8'));

const subcategoriesOf = (name: string) => CATALOG_TREE.find((c) => c.name === name)!.subcategories;

describe('the seeded category tree (SPEC §3)', () => {
  it('holds the 14 categories of SPEC §3 in order, each with at least 3 subcategories', () => {
    expect(CATALOG_TREE.map((c) => c.name)).toEqual(SPEC_CATEGORIES);
    for (const c of CATALOG_TREE) expect(c.subcategories.length, c.name).toBeGreaterThanOrEqual(3);
  });

  it('passes the same validation an admin would meet', () => {
    for (const c of CATALOG_TREE) {
      const subNames = c.subcategories.map((s) => s.name);
      expect(new Set(subNames).size, c.name).toBe(subNames.length);
      for (const s of c.subcategories) {
        expect(psubcategoryCreateBody.safeParse({ ...s, ...s.flags }).success, s.name).toBe(true);
        const fieldNames = s.fields.map((f) => f.name);
        expect(new Set(fieldNames).size, s.name).toBe(fieldNames.length);
        for (const f of s.fields) {
          const parsed = pfieldCreateBody.safeParse({
            ...f,
            values: JSON.stringify(toJson(f.values)),
          });
          expect(parsed.success, `${s.name}.${f.name}`).toBe(true);
          // Choices have values; free fields have none.
          const isChoice = ['select', 'radio', 'checkbox'].includes(f.type);
          expect(f.values.length > 0, `${s.name}.${f.name}`).toBe(isChoice);
        }
      }
    }
  });

  it('names everything as snake_case dictionary keys', () => {
    for (const key of catalogKeys(CATALOG_TREE)) {
      if (!key.startsWith('unit_')) expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });

  it('sets the flags and units SPEC §3 implies', () => {
    for (const s of subcategoriesOf('services')) {
      expect(['HO', 'DA', 'MO'], s.name).toContain(s.mesure_unit);
      expect(s.flags.can_be_rented, s.name).toBe('yes');
      expect(s.flags.can_be_used, s.name).toBe('no');
    }
    const units = new Set(subcategoriesOf('services').map((s) => s.mesure_unit));
    expect([...units].sort()).toEqual(['DA', 'HO', 'MO']);
    for (const s of subcategoriesOf('food')) expect(s.flags.can_be_used, s.name).toBe('no');
    for (const s of subcategoriesOf('real_estate')) expect(s.flags.can_be_used).toBe('no');
    const cars = subcategoriesOf('vehicles').find((s) => s.name === 'cars')!;
    expect(cars.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['brand', 'model_year', 'mileage', 'fuel', 'gearbox', 'colour']),
    );
    expect(cars.fields.find((f) => f.name === 'mileage')?.mesure_unit).toBe('KM');
    expect(cars.fields.find((f) => f.name === 'fuel')?.values).toEqual([
      'petrol',
      'diesel',
      'hybrid',
      'electric',
    ]);
  });

  it('has every seeded key translated in both dictionaries, and nothing else', () => {
    const keys = catalogKeys(CATALOG_TREE);
    for (const lang of ['ar', 'fr'] as const) {
      const dict = dictionary(lang);
      const missing = [...keys].filter((k) => typeof dict[k] !== 'string' || !dict[k]);
      expect(missing, `missing in ${lang}`).toEqual([]);
      const extra = Object.keys(dict).filter((k) => !keys.has(k));
      expect(extra, `unused in ${lang}`).toEqual([]);
    }
    // The Arabic dictionary is Arabic.
    const ar = dictionary('ar');
    for (const key of ['vehicles', 'cars', 'fuel', 'petrol', 'services', 'unit_HO']) {
      expect(ar[key]).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describeEachEngine('catalogue seed', (ctx) => {
  it('seeds an empty database even without demo data, in order', async () => {
    const db = ctx().app.db;
    expect(await seedIfEmpty(db, { seedDemo: false, scryptLogN: 10 })).toEqual([]);
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
    const { pcategories } = (await ctx().client().get('/pcategories/all')).json();
    expect(pcategories.map((c: { name: string }) => c.name)).toEqual(SPEC_CATEGORIES);
    expect(pcategories.map((c: { order_number: number }) => c.order_number)).toEqual(
      SPEC_CATEGORIES.map((_, i) => i + 1),
    );
    for (const [index, category] of pcategories.entries()) {
      const res = await ctx().client().get(`/psubcategories/pcategory/${category.id}`);
      const names = res.json().psubcategories.map((s: { name: string }) => s.name);
      expect(names).toEqual(CATALOG_TREE[index].subcategories.map((s) => s.name));
    }
  });

  it('writes every subcategory and field of the tree, values as JSON text', async () => {
    const db = ctx().app.db;
    const count = async (table: 'psubcategories' | 'pfields') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const subs = CATALOG_TREE.flatMap((c) => c.subcategories);
    expect(await count('psubcategories')).toBe(subs.length);
    expect(await count('pfields')).toBe(subs.flatMap((s) => s.fields).length);
    const cars = await db
      .selectFrom('psubcategories')
      .select('id')
      .where('name', '=', 'cars')
      .executeTakeFirstOrThrow();
    const { pfields } = (await ctx().client().get(`/pfields/psubcategory/${cars.id}`)).json();
    const brand = pfields.find((f: { name: string }) => f.name === 'brand');
    expect(brand).toMatchObject({ type: 'select', translated: 'no', position: 'first' });
    const toyota = JSON.parse(brand.values).find((v: { value: string }) => v.value === 'Toyota');
    expect(toyota.sub_field.name).toBe('model');
    expect(toyota.sub_field.values).toContainEqual({ value: 'Hilux' });
    const fuel = pfields.find((f: { name: string }) => f.name === 'fuel');
    expect(JSON.parse(fuel.values)).toEqual([
      { value: 'petrol' },
      { value: 'diesel' },
      { value: 'hybrid' },
      { value: 'electric' },
    ]);
  });

  it('does nothing when any category exists', async () => {
    const db = ctx().app.db;
    const before = await db.selectFrom('psubcategories').select('id').execute();
    expect(await seedCatalogIfEmpty(db)).toBe(false);
    expect(await db.selectFrom('psubcategories').select('id').execute()).toHaveLength(
      before.length,
    );
    // Even a single category left by an admin counts as "not empty".
    await db.deleteFrom('pcategories').execute();
    const at = now();
    await db
      .insertInto('pcategories')
      .values({ name: 'mine', order_number: 1, created_at: at, updated_at: at })
      .execute();
    expect(await seedCatalogIfEmpty(db)).toBe(false);
    expect(await db.selectFrom('pcategories').select('name').execute()).toEqual([{ name: 'mine' }]);
  });

  it('seeds once when two starts race on the same empty database', async () => {
    const db = ctx().app.db;
    await db.deleteFrom('pcategories').execute();
    const results = await Promise.all([seedCatalogIfEmpty(db), seedCatalogIfEmpty(db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const names = await db.selectFrom('pcategories').select('name').execute();
    expect(names).toHaveLength(SPEC_CATEGORIES.length);
  });
});
