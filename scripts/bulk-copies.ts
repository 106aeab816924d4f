import type { Insertable } from 'kysely';
import type { ProductsTable } from '../server/db/types';
import { placeIn, referenceCode, type Random } from './bulk-random';

// Varied copies for seeds of millions (npm run seed:bulk -- --distinct D; docs/search.md,
// "5,000,000 offers on PostgreSQL"): a product's search columns (shared/domain/search-index-terms.ts,
// about 1.3 ms each on the benchmarks' machine) cost 1.8 hours of one core at 5,000,000. Past the
// first D products, each product is a copy of one of them drawn at random (its subcategory, words,
// price, flags and field values: a sample of the same distribution) with what the generator draws
// independently of the words drawn anew: its shop, its place, and its reference codes, so that
// rare words stay rare. A code with a digit is its own stem and no lexicon word (latinStem leaves
// words with digits alone), so it is replaced in the texts and the stems without computing the
// search columns again; a code of letters only (one in five) is kept.

type Row = Insertable<ProductsTable>;

const CODE = /\bref ([0-9a-z]+)/g;

/** A new code of the same length, with a digit. */
function newCode(r: Random, old: string): string {
  for (;;) {
    const code = referenceCode(r);
    if (code.length === old.length && /\d/.test(code)) return code;
  }
}

/** `base`'s row with another shop, place and reference codes (creation date and bump: the caller's). */
export function variedCopy(r: Random, base: Row, shop: { id: number; owner: number }): Row {
  const codes = new Map<string, string>();
  for (const text of [base.more_infos_ar, base.more_infos_fr]) {
    for (const [, code] of text?.matchAll(CODE) ?? []) {
      if (/\d/.test(code) && !codes.has(code)) codes.set(code, newCode(r, code));
    }
  }
  const recode = (text: string | null | undefined) =>
    text?.replace(CODE, (whole, code: string) =>
      codes.has(code) ? `ref ${codes.get(code)}` : whole,
    ) ?? null;
  return {
    ...base,
    shop_id: shop.id,
    user_id: shop.owner,
    ...(r.chance(0.9) ? placeIn(r) : { latitude: null, longitude: null }),
    more_infos_ar: recode(base.more_infos_ar),
    more_infos_fr: recode(base.more_infos_fr),
    search_text: recode(base.search_text) ?? '',
    search_stems: (base.search_stems ?? '')
      .split(' ')
      .map((w) => codes.get(w) ?? w)
      .join(' '),
  };
}
