import type { DB } from '../../db/types';
import { notFound } from '../../errors';
import {
  PRICE_HINT_CACHE_ENTRIES,
  PRICE_HINT_CACHE_MS,
  PRICE_HINT_DAYS,
} from '../../../shared/constants';
import { placeOf, TOWN_RADIUS_KM } from '../../../shared/domain/places';
import { distanceKm } from '../../../shared/domain/route-mode';
import { hintOfferType, priceHintOf, type PriceHint } from '../../../shared/domain/price-hints';
import type { PriceHintQuery } from '../../../shared/schemas/price-hints';
import * as repo from './price-hints.repository';

// Price hints (issue 32 item 6, docs/price-hints.md): the typical price of similar live offers
// (same subcategory, offer type and so unit, posted in the last PRICE_HINT_DAYS) in the town the
// place given is in, when it has enough of them, else in the country, else none.
//
// A hint is one read (both scopes come from it) kept PRICE_HINT_CACHE_MS in this process, per
// subcategory, offer type and town: every place of a town shares it, so a script asking about
// every point of the map costs no more reads than there are towns. At most
// PRICE_HINT_CACHE_ENTRIES hints are kept (the oldest go first); one read serves every request
// that asks for the same hint while it runs.

interface Entry {
  at: number;
  value: Promise<PriceHint | null>;
}

const caches = new WeakMap<DB, Map<string, Entry>>();

function cached(db: DB, key: string, load: () => Promise<PriceHint | null>) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < PRICE_HINT_CACHE_MS) return hit.value;
  cache.delete(key);
  if (cache.size >= PRICE_HINT_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  const value = load();
  cache.set(key, { at: now, value });
  // A failed read is not kept.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

export async function priceHint(
  db: DB,
  psubcategoryId: number,
  query: PriceHintQuery,
): Promise<PriceHint | null> {
  const sub = await repo.findSubcategory(db, psubcategoryId);
  if (!sub) throw notFound();
  if (sub.can_be_priced !== 'yes') return null;
  const offerType = hintOfferType(query.offer_type);
  const place =
    query.latitude !== undefined && query.longitude !== undefined
      ? placeOf({ latitude: query.latitude, longitude: query.longitude })
      : null;
  const town = place?.town ?? null;
  return cached(db, `${sub.id}:${offerType}:${town?.id ?? ''}`, async () => {
    const since = new Date(Date.now() - PRICE_HINT_DAYS * 86_400_000).toISOString();
    const rows = await repo.recentPrices(db, sub.id, offerType, since);
    const inTown = town
      ? rows.filter(
          (r) =>
            r.latitude !== null &&
            r.longitude !== null &&
            distanceKm(town, { latitude: r.latitude, longitude: r.longitude }) <= TOWN_RADIUS_KM,
        )
      : [];
    return (
      priceHintOf(
        inTown.map((r) => r.price),
        'town',
      ) ??
      priceHintOf(
        rows.map((r) => r.price),
        'country',
      )
    );
  });
}
