import { DEMAND_TYPES, OFFER_TYPES, type Language } from '../constants';

// Rules of offers and demands both sides apply (SPEC §3–§5, DESIGN §6).

export const ALL_OFFER_TYPES = ['sale', 'buy', 'monthly_rent', 'hourly_rent'] as const;
export type OfferType = (typeof ALL_OFFER_TYPES)[number];
type ProductKind = 'offer' | 'demand';

/** DESIGN §6: offers sell or rent out, demands buy or rent. */
export function offerTypesOf(type: ProductKind): readonly OfferType[] {
  return type === 'offer' ? OFFER_TYPES : DEMAND_TYPES;
}

/** SPEC §3: rents only where the subcategory allows them; otherwise the plain sale or purchase. */
export function allowedOfferTypes(
  type: ProductKind,
  sub: { can_be_rented: string } | null,
): readonly OfferType[] {
  const all = offerTypesOf(type);
  return sub?.can_be_rented === 'yes' ? all : [all[0]];
}

/**
 * How a product's commands are worded (issue 35 item 5): a demand gets proposals, a rent offer is
 * rented (never 'sold' nor 'bought'), any other offer is sold.
 */
export function dealKind(product: {
  type: string;
  offer_type: string;
}): 'demand' | 'rent' | 'sale' {
  if (product.type === 'demand') return 'demand';
  return unitOf(product.offer_type) ? 'rent' : 'sale';
}

/** SPEC §3: the period unit of a rent (`{offer_type}_unit` in the dictionary). */
export function unitOf(offerType: string): 'month' | 'hour' | null {
  return offerType === 'monthly_rent' ? 'month' : offerType === 'hourly_rent' ? 'hour' : null;
}

interface Named {
  name: string;
  name_ar: string | null;
  name_fr: string | null;
}

/**
 * DESIGN §6: an offer's name in a language: that language's name, else the other language's,
 * else the plain name. The page heading and the shared link's title read the same.
 */
export function productName(product: Named, language: Language): string {
  const [first, second] =
    language === 'fr' ? [product.name_fr, product.name_ar] : [product.name_ar, product.name_fr];
  return first || second || product.name;
}

/** The same fallback for the more infos, then the description. */
export function productInfos(
  product: {
    more_infos_ar: string | null;
    more_infos_fr: string | null;
    description: string | null;
  },
  language: Language,
): string | null {
  const [first, second] =
    language === 'fr'
      ? [product.more_infos_fr, product.more_infos_ar]
      : [product.more_infos_ar, product.more_infos_fr];
  return first || second || product.description || null;
}

/**
 * Rentals come back (issue 32 item 7, DESIGN §12): a rent offer's units are out only while a rent
 * holds them (shared/domain/rentals.ts); its sold_count counts units ever committed (SPEC).
 */
export function rentsOut(product: { type?: string; offer_type: string }): boolean {
  return product.type === 'offer' && unitOf(product.offer_type) !== null;
}

interface Stock {
  number: number;
  sold_count: number;
  type?: string;
  offer_type?: string;
  /** A rent offer's free units now, from its running rents (the full answer carries it). */
  available_number?: number | null;
}

/**
 * SPEC §4: available number = number − sold_count (never below zero). A rent offer: its free
 * units now, or (a card, which does not carry them) its number.
 */
export function availableNumber(product: Stock): number {
  if (product.available_number !== undefined && product.available_number !== null) {
    return product.available_number;
  }
  if (product.offer_type && rentsOut({ type: product.type, offer_type: product.offer_type })) {
    return product.number;
  }
  return Math.max(0, product.number - product.sold_count);
}

/**
 * SPEC §4: 'product is sold' once the number is 0 or sold_count has reached it. A rent offer is
 * never sold out by its rents: they end (it shows when a unit is free again instead).
 */
export const isSoldOut = (product: Stock & { sold: boolean }) =>
  product.sold ||
  product.number === 0 ||
  (!(product.offer_type && rentsOut({ type: product.type, offer_type: product.offer_type })) &&
    product.sold_count >= product.number);

/** SPEC §5: an edit may not set the number below what is already sold (`number_already_sold`). */
export const belowSold = (number: number, soldCount: number) => number < soldCount;
