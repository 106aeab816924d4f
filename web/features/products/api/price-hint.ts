import { useQuery } from '@tanstack/react-query';
import { hintOfferType, type PriceHint } from '../../../../shared/domain/price-hints';
import type { OfferType } from '../../../../shared/domain/products';
import { placeOf, type Place } from '../../../../shared/domain/places';
import { PRICE_HINT_CACHE_MS } from '../../../../shared/constants';
import { http } from '../../../lib/http';

// GET /psubcategories/{id}/price-hint (issue 32 item 6): the typical price of similar offers.
// Asked by town (the server's scope), so that moving a point within a town asks nothing again.

export interface PriceHintAsk {
  psubcategoryId: number;
  offerType: OfferType;
  latitude?: number | null;
  longitude?: number | null;
}

/** The town the place is in, if any: what the hint is asked for, and what it names. */
export function hintTown(ask: Pick<PriceHintAsk, 'latitude' | 'longitude'>): Place | null {
  const { latitude, longitude } = ask;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return placeOf({ latitude, longitude })?.town ?? null;
}

/** The hint, null when there is none (too few offers, or not asked); a failure shows nothing. */
export function usePriceHint(ask: PriceHintAsk | null) {
  const town = ask ? hintTown(ask) : null;
  const offerType = ask && hintOfferType(ask.offerType);
  return useQuery({
    queryKey: ['price-hint', ask?.psubcategoryId, offerType, town?.id ?? null],
    enabled: ask !== null,
    staleTime: PRICE_HINT_CACHE_MS,
    retry: false,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ offer_type: offerType! });
      if (town) {
        query.set('latitude', String(town.latitude));
        query.set('longitude', String(town.longitude));
      }
      const body = await http.get<{ hint: PriceHint | null }>(
        `/psubcategories/${ask!.psubcategoryId}/price-hint?${query}`,
        { signal },
      );
      return { hint: body.hint, town };
    },
  });
}
