import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB, ProductsTable } from '../server/db/types';
import { seedCatalogIfEmpty } from '../server/db/catalog-seed';
import { hashPassword } from '../server/features/users/password';
import { fieldOptions } from '../shared/domain/pfield-values';
import { searchColumns } from '../shared/domain/search-index-terms';
import { catalogueLabels } from '../server/features/search/search-index';
import { variedCopy } from './bulk-copies';
import { placeIn, randomSource, referenceCode, type Random } from './bulk-random';
import {
  ADJECTIVES,
  FIRST_NAMES,
  GENERIC,
  LAST_NAMES,
  SENTENCES,
  SHOP_WORDS,
  TEMPLATES,
  type Template,
} from './bulk-vocabulary';

// Generated products for benchmarks (issue 10): many, fast, no images. Rows are written in
// batched multi-row inserts, a transaction per chunk (insertBulkProducts), or on PostgreSQL as
// sets with the indexes built after (scripts/bulk-postgres.ts). Products belong to generated shops,
// each owned by a generated user with an unusable password. Every counter is 0: no saves,
// comments, commands or reactions are generated, so counters equal their rows.

export interface BulkResult {
  products: number;
  shops: number;
  ms: number;
}

interface Subcategory {
  id: number;
  name: string;
  can_be_used: string;
  can_be_rented: string;
  can_be_delivered: string;
  can_be_priced: string;
  can_be_counted: string;
  fields: { id: number; name: string; type: string; values: string[] }[];
  /** Its names and its category's, both languages (the search index holds them). */
  catalogue: string[];
  category: string[];
}

async function loadCatalogue(db: DB): Promise<Subcategory[]> {
  const subs = await db.selectFrom('psubcategories').selectAll().orderBy('id').execute();
  const fields = await db.selectFrom('pfields').selectAll().orderBy('id').execute();
  const categories = await db.selectFrom('pcategories').selectAll().execute();
  return subs.map((s) => ({
    ...s,
    catalogue: catalogueLabels([s]),
    category: catalogueLabels(categories.filter((c) => c.id === s.pcategory_id)),
    fields: fields
      .filter((f) => f.psubcategory_id === s.id)
      .map((f) => ({ id: f.id, name: f.name, type: f.type, values: fieldOptions(f) })),
  }));
}

const phone = (r: Random) =>
  `${r.pick(['2', '3', '4'])}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;

async function insertShops(
  db: DB,
  r: Random,
  count: number,
): Promise<{ id: number; owner: number }[]> {
  const taken = new Set(
    (await db.selectFrom('users').select('phone_1').execute()).map((u) => u.phone_1),
  );
  const passwordHash = await hashPassword(crypto.randomBytes(24).toString('base64'), 10);
  const at = new Date().toISOString();
  const shops: { id: number; owner: number }[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      let userPhone = phone(r);
      while (taken.has(userPhone)) userPhone = phone(r);
      taken.add(userPhone);
      const first = r.pick(FIRST_NAMES);
      const last = r.pick(LAST_NAMES);
      const user = await trx
        .insertInto('users')
        .values({
          first_name: first,
          last_name: last,
          phone_1: userPhone,
          password_hash: passwordHash,
          language: r.chance(0.55) ? 'ar' : 'fr',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // DESIGN §6: every user has a personal shop; one in five also runs a professional one.
      const professional = i % 5 === 0;
      const place = professional ? placeIn(r) : { latitude: null, longitude: null };
      const shop = await trx
        .insertInto('shops')
        .values({
          name: professional
            ? `${r.pick(SHOP_WORDS.kinds)} ${r.pick(SHOP_WORDS.names)}`
            : `${first} ${last}`,
          phone_1: userPhone,
          first_whatsapp_number: userPhone,
          is_professional: professional ? 1 : 0,
          ...place,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('shop_employees')
        .values({ shop_id: shop.id, user_id: user.id, role: 'owner', created_at: at })
        .execute();
      shops.push({ id: shop.id, owner: user.id });
    }
  });
  return shops;
}

function numberFor(r: Random, name: string): number {
  switch (name) {
    case 'model_year':
      return r.int(1995, 2025);
    case 'mileage':
      return r.int(0, 400) * 1000;
    case 'rooms':
      return r.int(1, 8);
    case 'surface':
      return r.int(4, 100) * 10;
    case 'bathrooms':
      return r.int(1, 4);
    case 'age_years':
      return r.int(1, 15);
    default:
      return r.int(1, 100);
  }
}

function pfieldValues(r: Random, sub: Subcategory, make: string | undefined) {
  const values: { pfield_id: number; value: string }[] = [];
  for (const f of sub.fields) {
    if (!r.chance(0.7)) continue;
    let value: string | null = null;
    if (f.type === 'number') value = String(numberFor(r, f.name));
    else if ((f.type === 'select' || f.type === 'radio') && f.values.length) {
      const brand = make?.split(' ')[0];
      value = f.name === 'brand' && brand && f.values.includes(brand) ? brand : r.pick(f.values);
    } else if (f.type === 'checkbox' && f.values.length) {
      const checked = f.values.filter(() => r.chance(0.4));
      if (checked.length) value = JSON.stringify(checked);
    }
    if (value !== null) values.push({ pfield_id: f.id, value });
  }
  return values;
}

function product(
  r: Random,
  sub: Subcategory,
  shop: { id: number; owner: number },
  createdAt: string,
) {
  const t: Template = TEMPLATES[sub.name] ?? GENERIC;
  const yes = (flag: string, p: number) => (flag === 'yes' && r.chance(p) ? 'yes' : 'no');
  const type = r.chance(0.85) ? 'offer' : 'demand';
  const make = t.makes ? r.pick(t.makes) : undefined;
  const year = sub.name === 'cars' && r.chance(0.5) ? ` ${r.int(1998, 2024)}` : '';
  const wanted = type === 'demand';
  const nameAr = `${wanted ? 'مطلوب ' : ''}${r.pick(t.ar)}${make ? ` ${make}` : ''}${year} ${r.pick(ADJECTIVES.ar)}`;
  const nameFr = `${wanted ? 'Cherche ' : ''}${r.pick(t.fr)}${make ? ` ${make}` : ''}${year} ${r.pick(ADJECTIVES.fr)}`;
  const both = r.chance(0.7);
  const arabic = r.chance(0.55);
  const sentences = (lang: 'ar' | 'fr') =>
    [...new Set(Array.from({ length: r.int(1, 3) }, () => r.pick(SENTENCES[lang])))].join('. ') +
    // Rare words: a reference code in some texts.
    (r.chance(0.3) ? ` ref ${referenceCode(r)}` : '');
  const names = {
    name: arabic ? nameAr : nameFr,
    name_ar: arabic || both ? nameAr : null,
    name_fr: !arabic || both ? nameFr : null,
    more_infos_ar: arabic || both ? sentences('ar') : null,
    more_infos_fr: !arabic || both ? sentences('fr') : null,
  };
  const priced = sub.can_be_priced === 'yes';
  const [low, high] = t.price;
  const price = priced ? Math.round(r.int(low, high) / 100) * 100 : null;
  const rent =
    sub.can_be_rented === 'yes' && ['apartments', 'rooms', 'houses'].includes(sub.name)
      ? r.chance(0.6)
      : sub.can_be_rented === 'yes' && r.chance(0.05);
  const row: Insertable<ProductsTable> = {
    type,
    shop_id: shop.id,
    user_id: shop.owner,
    psubcategory_id: sub.id,
    ...names,
    description: null,
    price,
    offer_type: rent ? 'monthly_rent' : wanted ? 'buy' : 'sale',
    negotiable: priced ? yes('yes', 0.4) : 'no',
    used: yes(sub.can_be_used, 0.5),
    delivery: yes(sub.can_be_delivered, 0.3),
    private: r.chance(0.05) ? 'yes' : 'no',
    number: sub.can_be_counted === 'yes' ? r.int(1, 20) : 1,
    ...(r.chance(0.9) ? placeIn(r) : { latitude: null, longitude: null }),
    distance: wanted && r.chance(0.5) ? r.pick([5, 10, 20, 50]) : null,
    contact_methods: '["call","whatsapp"]',
    // The search columns the products feature writes (search/search-index.ts).
    ...searchColumns(
      [names.name, names.name_ar, names.name_fr, names.more_infos_ar, names.more_infos_fr],
      sub.catalogue,
      sub.category,
    ),
    created_at: createdAt,
    updated_at: createdAt,
  };
  return { row, pfields: pfieldValues(r, sub, make) };
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** Bumps (issue 32) go back this far from the seed: an owner bumps a live offer. */
const BUMPS_WITHIN_DAYS = 30;

/** A generated product, with its field values (product_pfield, without the product's id). */
export interface BulkProduct {
  row: Insertable<ProductsTable>;
  pfields: { pfield_id: number; value: string }[];
}

export interface BulkOptions {
  count: number;
  seed?: number;
  /**
   * The share of offers bumped (0 to 1, default none), each at a time after its creation
   * within the last BUMPS_WITHIN_DAYS days. Drawn from a generator of their own: the products
   * are the same with or without bumps.
   */
  bumped?: number;
  /**
   * Products generated one by one (default all); the others are varied copies of them
   * (bulk-copies.ts), for seeds of millions.
   */
  distinct?: number;
  onProgress?: (done: number) => void;
}

/**
 * The shops of `count` generated products (written now) and the products themselves, one by one
 * (written by the caller: insertBulkProducts, or scripts/bulk-postgres.ts's fast path). The same
 * seed gives the same products whichever writes them. Creation dates grow with the products'
 * order, from a year ago (or the newest existing product) to now, so newest-first stays id order.
 */
export async function bulkProducts(
  db: DB,
  options: BulkOptions,
): Promise<{ shops: number; products: Generator<BulkProduct> }> {
  const r = randomSource(options.seed ?? 20_260_101);
  const bumps = randomSource((options.seed ?? 20_260_101) + 1);
  await seedCatalogIfEmpty(db);
  const catalogue = await loadCatalogue(db);
  // Subcategories people post in most often come up more often.
  const weighted = catalogue.flatMap((s) => Array<Subcategory>(TEMPLATES[s.name] ? 6 : 1).fill(s));
  const shops = await insertShops(
    db,
    r,
    Math.min(5000, Math.max(10, Math.round(options.count / 200))),
  );

  const newest = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirst();
  const end = Date.now();
  const start = Math.max(end - YEAR_MS, newest?.at ? Date.parse(newest.at) : 0);
  // Every generated listing is live (issue 32): a bench measures a site whose offers are current,
  // however old their dates; they end LISTING_DAYS' default after the seed.
  const expiresAt = new Date(end + 60 * 24 * 3600 * 1000).toISOString();
  const bumpedAt = (created: string) => {
    if (!bumps.chance(options.bumped ?? 0)) return null;
    const from = Math.max(Date.parse(created), end - BUMPS_WITHIN_DAYS * DAY_MS);
    return new Date(from + bumps.next() * (end - from)).toISOString();
  };
  const distinct = Math.min(options.distinct ?? options.count, options.count);
  const bases: BulkProduct[] = [];
  function* products(): Generator<BulkProduct> {
    for (let index = 0; index < options.count; index++) {
      const at = new Date(start + ((end - start) * index) / options.count).toISOString();
      let made: BulkProduct;
      if (index < distinct) {
        made = product(r, r.pick(weighted), r.pick(shops), at);
        if (distinct < options.count) bases.push(made);
      } else {
        const base = r.pick(bases);
        const row = variedCopy(r, base.row, r.pick(shops));
        made = { row: { ...row, created_at: at, updated_at: at }, pfields: base.pfields };
      }
      const bumped = made.row.type === 'offer' ? bumpedAt(at) : null;
      yield {
        row: { ...made.row, expires_at: expiresAt, bumped_at: bumped },
        pfields: made.pfields,
      };
    }
  }
  return { shops: shops.length, products: products() };
}

/** The next `n` products of `products` (fewer at its end). */
export function nextProducts(products: Iterator<BulkProduct>, n: number): BulkProduct[] {
  const batch: BulkProduct[] = [];
  for (let next = products.next(); !next.done; next = products.next()) {
    batch.push(next.value);
    if (batch.length === n) break;
  }
  return batch;
}

/**
 * Inserts `count` generated products (and the shops they need) in multi-row INSERTs, a
 * transaction per chunk: the search index follows by itself (the FTS5 triggers on SQLite, the
 * GIN indexes on PostgreSQL).
 */
export async function insertBulkProducts(
  db: DB,
  options: BulkOptions & {
    /** Rows per multi-row INSERT (SQLite allows 32,766 parameters per statement). */
    rowsPerInsert?: number;
    /** Rows per transaction. */
    rowsPerTransaction?: number;
  },
): Promise<BulkResult> {
  const started = Date.now();
  const { shops, products } = await bulkProducts(db, options);
  const perInsert = options.rowsPerInsert ?? 500;
  const perTransaction = options.rowsPerTransaction ?? 10_000;

  for (let done = 0; done < options.count;) {
    const chunk = Math.min(perTransaction, options.count - done);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < chunk; i += perInsert) {
        const made = nextProducts(products, Math.min(perInsert, chunk - i));
        const ids = await trx
          .insertInto('products')
          .values(made.map((m) => m.row))
          .returning('id')
          .execute();
        const values = made.flatMap((m, k) =>
          m.pfields.map((v) => ({ product_id: ids[k].id, ...v })),
        );
        // Three columns a row: well under either engine's parameter limit per statement.
        for (let j = 0; j < values.length; j += 2000) {
          await trx
            .insertInto('product_pfield')
            .values(values.slice(j, j + 2000))
            .execute();
        }
      }
    });
    done += chunk;
    options.onProgress?.(done);
  }
  return { products: options.count, shops, ms: Date.now() - started };
}
