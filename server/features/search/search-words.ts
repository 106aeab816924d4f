import type { QueryWord } from '../../../shared/domain/search-terms';

// A search's words as each engine's text query, tier by tier (docs/search.md, "Ranking"). The
// words come from shared/domain/search-terms.ts: runs of letters and digits only, so no input
// can inject FTS5 or tsquery syntax (quotes are still doubled, and the type is checked by the
// request schema).
//
// Every word is required; what a word may match grows with the tier:
// - exact: a prefix of a word as written (search_text, weight A);
// - stem: also its stem among the stems of the offer's words (search_stems, B);
// - lexicon: also its stem and the lexicon's words for it among stems and related words
//   (search_related, C: lexicon words of the offer's words, catalogue names);
// - transliteration: also its spellings in the other script, among stems and related words;
// - typo: also the vocabulary's near spellings of it (see search.service), among stems.

export const TIERS = ['exact', 'stem', 'lexicon', 'transliteration', 'typo'] as const;
export type Tier = (typeof TIERS)[number];

/** A query word and, for the typo tier, the vocabulary's words near it. */
export type TieredWord = QueryWord & { typos?: string[] };

type Alternative =
  | { kind: 'prefix'; term: string }
  | { kind: 'stem'; term: string }
  | { kind: 'related'; terms: string[] };

function alternatives(w: TieredWord, tier: Tier): Alternative[] {
  const level = TIERS.indexOf(tier);
  const list: Alternative[] = [{ kind: 'prefix', term: w.word }];
  if (level >= 1) list.push({ kind: 'stem', term: w.stem });
  if (level >= 2) {
    list.push({ kind: 'related', terms: [w.stem] });
    for (const phrase of w.lexicon) list.push({ kind: 'related', terms: phrase });
  }
  if (level >= 3) for (const t of w.transliterations) list.push({ kind: 'related', terms: [t] });
  if (level >= 4) for (const t of w.typos ?? []) list.push({ kind: 'stem', term: t });
  return list;
}

const quoted = (t: string) => `"${t.replace(/"/g, '""')}"`;

/** FTS5: every word's alternatives, all words required, and the product type. */
export function ftsMatch(words: TieredWord[], tier: Tier, type: string): string {
  const each = words.map((w) => {
    const alts = alternatives(w, tier).map((a) =>
      a.kind === 'prefix'
        ? `search_text : ${quoted(a.term)}*`
        : a.kind === 'stem'
          ? `search_stems : ${quoted(a.term)}`
          : `{search_stems search_related} : (${a.terms.map(quoted).join(' AND ')})`,
    );
    return `(${alts.join(' OR ')})`;
  });
  return `${each.join(' AND ')} AND type : ${quoted(type)}`;
}

/** PostgreSQL to_tsquery('simple', …): the same, with the vector's weights for the columns. */
export function tsQuery(words: TieredWord[], tier: Tier): string {
  const each = words.map((w) => {
    const alts = alternatives(w, tier).map((a) =>
      a.kind === 'prefix'
        ? `${a.term}:*A`
        : a.kind === 'stem'
          ? `${a.term}:B`
          : `(${a.terms.map((t) => `${t}:BC`).join(' & ')})`,
    );
    return `(${alts.join(' | ')})`;
  });
  return each.join(' & ');
}
