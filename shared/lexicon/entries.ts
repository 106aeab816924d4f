// The bilingual market lexicon (issue 17 item 2): groups of words that mean the same thing to a
// buyer, in Arabic and French, with Latin spellings of Arabic and Hassaniya words, brands and
// places. The search pipeline expands a query word to the other words of its group(s) through
// ./index.ts. Format, review rules and how to add words: docs/lexicon.md.
//
// The data lives in ./groups/, one file per part of the catalogue, as compact rows (one group a
// line, words separated by '|') so that a reviewer reads a group at a glance; this file turns
// them into the typed groups every other module uses.

import { BRANDS } from './groups/brands';
import { DESCRIPTORS } from './groups/descriptors';
import { ELECTRONICS } from './groups/electronics';
import { FASHION } from './groups/fashion';
import { FOOD_ANIMALS } from './groups/food-animals';
import { HOME } from './groups/home';
import { LOCAL } from './groups/local';
import { MARKET } from './groups/market';
import { PLACES } from './groups/places';
import { PROPERTY } from './groups/property';
import { SERVICES_TRADE } from './groups/services-trade';
import { VEHICLES } from './groups/vehicles';
import type { LexiconKind, LexiconRow } from './groups/row';

export type { LexiconKind };

export interface LexiconGroup {
  kind: LexiconKind;
  /** Arabic words and phrases (singular, plurals including broken plurals, synonyms). */
  ar: readonly string[];
  /** French words and phrases (singular, plural, synonyms, common abbreviations). */
  fr: readonly string[];
  /** Latin spellings of Arabic or Hassaniya words, brand and model names, place names. */
  latin: readonly string[];
}

function words(cell: string | undefined): string[] {
  return cell ? cell.split('|').map((word) => word.trim()) : [];
}

function groups(kind: LexiconKind, rows: readonly LexiconRow[]): LexiconGroup[] {
  return rows.map(([ar, fr, latin]) => ({
    kind,
    ar: words(ar),
    fr: words(fr),
    latin: words(latin),
  }));
}

export const LEXICON: readonly LexiconGroup[] = [
  ...groups('noun', VEHICLES),
  ...groups('noun', PROPERTY),
  ...groups('noun', ELECTRONICS),
  ...groups('noun', HOME),
  ...groups('noun', FASHION),
  ...groups('noun', FOOD_ANIMALS),
  ...groups('noun', SERVICES_TRADE),
  ...groups('noun', MARKET),
  ...groups('noun', DESCRIPTORS),
  ...groups('brand', BRANDS),
  ...groups('place', PLACES),
  ...groups('local', LOCAL),
];

/**
 * Words (in search form, normalizeSearchText) that stand in more than one group on purpose, with
 * the reason. The lexicon test fails for any other word found in two groups, because a shared
 * word silently joins two groups' expansions.
 */
export const SHARED_WORDS: Readonly<Record<string, string>> = {
  حمام: 'حَمّام (bathroom) and حَمام (pigeons) are spelt alike without diacritics',
  orange: 'the colour and the fruit are the same French word',
  verre: 'glass the material and a drinking glass are the same French word',
  meuble: 'accent folding makes meublé (furnished) the same word as meuble (a piece of furniture)',
  meubles: 'accent folding makes meublés (furnished) the same word as meubles (furniture)',
};
