import zlib from 'node:zlib';
import type { DB } from '../../db/types';
import { tableVersion } from '../../db/write-tracker';
import type { Product } from '../../../shared/schemas/products';
import type { RentHold } from '../../../shared/domain/rentals';

// The product as anyone sees it, kept a moment in memory: the offer page and its JSON are the
// hottest reads (DESIGN §12). An entry is dropped as soon as this process writes to any table the
// product is read from (server/db/write-tracker.ts). On SQLite it also lasts at most TTL_MS, which
// bounds how long a write made by another process (the CLI) can go unseen. On PostgreSQL every
// process hears of every committed write to those tables (migration 012's triggers, NOTIFY, the
// event bus), so an entry lasts until one happens, with no time window, while the bus is
// connected (`exactInvalidation`); while it is down, TTL_MS applies again (issue 18).

const TTL_MS = 2_000;
const MAX_ENTRIES = 2_000;
/** Every table detail() reads, directly or through a join. */
export const PRODUCT_TABLES = [
  'products',
  'shops',
  'shop_employees',
  'users',
  'psubcategories',
  'pcategories',
  'product_files',
  'product_pfield',
  'pfields',
] as const;

export interface CachedProduct {
  product: Product;
  /** `{"product":…}` as sent to a visitor who is not signed in, plain and gzipped. */
  json: string;
  gzip: Buffer;
}

interface Entry<T> {
  version: number;
  at: number;
  value: Promise<T>;
  /** The value once read (`peekProduct` answers without a promise). */
  settled?: { value: T };
}

const caches = new WeakMap<DB, Map<number, Entry<CachedProduct | null>>>();
const holdCaches = new WeakMap<DB, Map<number, Entry<RentHold[]>>>();
/**
 * Reads answered from memory and reads that loaded, this process's (read by /metrics), and of the
 * hits those answered before their route ran (`keptForVisitors`).
 */
export const productCacheStats = { hits: 0, misses: 0 };
const exact = new WeakMap<DB, () => boolean>();

/** Tells the cache of `db` that every write to its tables reaches this process while `live()`. */
export function exactInvalidation(db: DB, live: () => boolean): void {
  exact.set(db, live);
}

/** Whether `found` may still be answered: no write to its tables since, and young or exact. */
function isFresh(found: Entry<unknown>, db: DB, version: number, exactTables: boolean): boolean {
  return (
    found.version === version &&
    (Date.now() - found.at < TTL_MS || (exactTables && exact.get(db)?.() === true))
  );
}

/**
 * `load()`'s value for `id`, kept in `store` while no write to `tables` came, and for TTL_MS at
 * most unless every write to them reaches this process (`exactTables`); whether it was a hit.
 */
function kept<T>(
  store: WeakMap<DB, Map<number, Entry<T>>>,
  db: DB,
  id: number,
  { tables, exactTables }: { tables: readonly string[]; exactTables: boolean },
  load: () => Promise<T>,
): { value: Promise<T>; hit: boolean } {
  let cache = store.get(db);
  if (!cache) store.set(db, (cache = new Map()));
  const version = tableVersion(tables);
  const found = cache.get(id);
  if (found && isFresh(found, db, version, exactTables)) return { value: found.value, hit: true };
  const value = load();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.delete(id);
  const entry: Entry<T> = { version, at: Date.now(), value };
  cache.set(id, entry);
  value.then(
    (settled) => {
      entry.settled = { value: settled };
    },
    // A failed read is not kept.
    () => {
      if (cache.get(id) === entry) cache.delete(id);
    },
  );
  return { value, hit: false };
}

/**
 * The cached product of `id` if it is read and still fresh, without a promise (the visitors'
 * answer sent before the route runs, products.routes.ts); undefined when it would have to be read.
 */
export function peekProduct(db: DB, id: number): CachedProduct | null | undefined {
  const found = caches.get(db)?.get(id);
  if (!found?.settled || !isFresh(found, db, tableVersion(PRODUCT_TABLES), true)) return undefined;
  productCacheStats.hits += 1;
  return found.settled.value;
}

/** The cached product of `id`, else `load()`'s, kept for the next readers. */
export function cachedProduct(
  db: DB,
  id: number,
  load: () => Promise<Product | null>,
): Promise<CachedProduct | null> {
  const { value, hit } = kept(caches, db, id, { tables: PRODUCT_TABLES, exactTables: true }, () =>
    load().then((product) => {
      if (!product) return null;
      const json = JSON.stringify({ product });
      return { product, json, gzip: zlib.gzipSync(json) };
    }),
  );
  if (hit) productCacheStats.hits += 1;
  else productCacheStats.misses += 1;
  return value;
}

/**
 * A rent offer's holds that had not ended when read (its commands' periods; rentals.service.ts),
 * kept as its product is: its page and JSON give its availability now on every read. Still right
 * later, since a hold that ended since is told apart by the time it is used at
 * (`rentAvailability`). Dropped when this process writes commands; a command accepted by another
 * process (commands are not announced, migration 012) shows within TTL_MS. The order form's
 * check (`checkFree`) reads them afresh.
 */
export function cachedRentHolds(
  db: DB,
  id: number,
  load: () => Promise<RentHold[]>,
): Promise<RentHold[]> {
  return kept(holdCaches, db, id, { tables: ['commands'], exactTables: false }, load).value;
}
