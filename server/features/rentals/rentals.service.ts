import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import { invalid } from '../../errors';
import { rentsOut, unitOf } from '../../../shared/domain/products';
import { peakHeld, rentAvailability, rentEnd, type RentHold } from '../../../shared/domain/rentals';
import type { Product } from '../../../shared/schemas/products';
import * as repo from './rentals.repository';

// Rentals come back (issue 32 item 7, DESIGN §12, docs/decisions.md): an accepted rent command
// holds its units from its start (asked when ordering, else its acceptance) for its period; a
// rent offer's availability is computed from the rents still running. sold_count keeps SPEC's
// meaning: units ever committed.

interface RentOffer {
  id: number;
  type: string;
  offer_type: string;
  number: number;
  can_be_counted: string;
}

/** A rent offer's units: its number when countable, else the one thing it is. */
const unitsOf = (p: RentOffer) => (p.can_be_counted === 'yes' ? p.number : 1);

/** When a rent of `period` from `start` (null: now) holds its units. */
function windowOf(p: RentOffer, start: string | null, period: number | null) {
  const starts_at = start ?? now();
  return { starts_at, ends_at: rentEnd(starts_at, period, unitOf(p.offer_type)!) };
}

/** How the holds of one offer that have not ended at `at` are read: from the database by default. */
type HoldsReader = (at: string) => Promise<RentHold[]>;

/**
 * The product answer's `available_number` and `available_from`; nothing for other products.
 * `holdsOf`: where its holds come from (the product reads keep them: product-cache.ts).
 */
export async function availabilityFields(
  db: Executor,
  product: RentOffer,
  holdsOf: HoldsReader = (at) => repo.holdsOf(db, [product.id], at),
): Promise<{ available_number?: number; available_from?: string | null }> {
  if (!rentsOut(product)) return {};
  const at = now();
  return rentAvailability(unitsOf(product), await holdsOf(at), at);
}

/**
 * The cards' `available_number` and `available_from` (issue 32 item 7), by product id: the rent
 * offers among them, all read in one query of their running rents (not one per card).
 */
export async function availabilityOfCards(
  db: Executor,
  cards: readonly (Omit<RentOffer, 'can_be_counted'> & { can_be_counted: string | null })[],
): Promise<Map<number, { available_number: number; available_from: string | null }>> {
  const rents = cards.filter(rentsOut);
  const result = new Map<number, { available_number: number; available_from: string | null }>();
  if (!rents.length) return result;
  const at = now();
  const holds = await repo.holdsOf(
    db,
    rents.map((c) => c.id),
    at,
  );
  for (const card of rents) {
    const own = holds.filter((h) => h.product_id === card.id);
    const units = unitsOf({ ...card, can_be_counted: card.can_be_counted ?? 'no' });
    result.set(card.id, rentAvailability(units, own, at));
  }
  return result;
}

/** The product, with a rent offer's availability as it is now when it changed since cached. */
export async function currentAvailability(
  db: Executor,
  product: Product,
  holdsOf?: HoldsReader,
): Promise<Product> {
  // Most offers are not rented out: nothing to read or copy (the spread below costs a hot read).
  if (!rentsOut(product)) return product;
  const rent = await availabilityFields(db, { ...product.psubcategory, ...product }, holdsOf);
  const same =
    rent.available_number === product.available_number &&
    rent.available_from === product.available_from;
  return same ? product : { ...product, ...rent };
}

/**
 * The order form's check: a rent of `number` units over the period it asks for, refused (422 on
 * `starts_at`) when not enough units are free all along it. Nothing to check for other products.
 */
export async function checkFree(
  db: Executor,
  product: RentOffer,
  values: { number: number; period: number | null; starts_at: string | null },
): Promise<void> {
  if (!rentsOut(product)) return;
  const window = windowOf(product, values.starts_at, values.period);
  const holds = await repo.holdsOf(db, [product.id], window.starts_at);
  if (peakHeld(holds, window.starts_at, window.ends_at) + values.number > unitsOf(product)) {
    throw invalid('starts_at', 'rent_not_free');
  }
}

/**
 * Accepting a rent command (commands.service markSold, in its transaction): its units are
 * committed (sold_count) and held over its period, or 422 `number_not_available` when they are
 * no longer free all along it. The product is not marked sold: its rents end.
 */
export async function hold(
  trx: Executor,
  product: RentOffer,
  command: { id: number; number: number; period: number | null; starts_at: string | null },
): Promise<void> {
  const window = windowOf(product, command.starts_at, command.period);
  // First: it holds the product's row (see addCommitted), then what is free is read.
  await repo.addCommitted(trx, product.id, command.number);
  const holds = await repo.holdsOf(trx, [product.id], window.starts_at);
  if (peakHeld(holds, window.starts_at, window.ends_at) + command.number > unitsOf(product)) {
    throw invalid('global', 'number_not_available');
  }
  await repo.setHold(trx, command.id, window);
}
