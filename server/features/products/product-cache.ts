import zlib from 'node:zlib';
import type { DB } from '../../db/types';
import { tableVersion } from '../../db/write-tracker';
import type { Product } from '../../../shared/schemas/products';

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

interface Entry {
  version: number;
  at: number;
  value: Promise<CachedProduct | null>;
}

const caches = new WeakMap<DB, Map<number, Entry>>();
/** Reads answered from memory and reads that loaded, this process's (read by /metrics). */
export const productCacheStats = { hits: 0, misses: 0 };
const exact = new WeakMap<DB, () => boolean>();

/** Tells the cache of `db` that every write to its tables reaches this process while `live()`. */
export function exactInvalidation(db: DB, live: () => boolean): void {
  exact.set(db, live);
}

/** The cached product of `id`, else `load()`'s, kept for the next readers. */
export function cachedProduct(
  db: DB,
  id: number,
  load: () => Promise<Product | null>,
): Promise<CachedProduct | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const version = tableVersion(PRODUCT_TABLES);
  const at = Date.now();
  const hit = cache.get(id);
  if (hit && hit.version === version && (at - hit.at < TTL_MS || exact.get(db)?.())) {
    productCacheStats.hits += 1;
    return hit.value;
  }
  productCacheStats.misses += 1;

  const value = load().then((product) => {
    if (!product) return null;
    const json = JSON.stringify({ product });
    return { product, json, gzip: zlib.gzipSync(json) };
  });
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.delete(id);
  cache.set(id, { version, at, value });
  // A failed read is not kept.
  value.catch(() => {
    if (cache.get(id)?.value === value) cache.delete(id);
  });
  return value;
}
