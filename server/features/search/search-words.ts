import type { QueryWord } from '../../../shared/domain/search-terms';

// A search's words as each engine's text query, tier by tier (docs/search.md, "Ranking"). The
// words come from shared/domain/search-terms.ts: runs of letters and digits only, so no input
// can inject FTS5 or tsquery syntax (quotes are still doubled, and the type is checked by the
// request schema).
//
// Every word is required; what a word may match grows with the tier:
// - exact: a word as written, or its prefix while it is not a whole word of the lexicon
//   (search_text, weight A);
// - stem: also its stem among the stems of the offer's words (search_stems, B);
// - lexicon: also the lexicon's words for it among the stems of the offer's own words;
// - related: also its stem and the lexicon's words among related words (search_related, C:
//   the offer's catalogue names, the lexicon's words for its words);
// - transliteration: also its spellings in the other script, among stems and related words;
// - typo: also the vocabulary's near spellings of it (see search.service), among stems and
//   related words.

export const TIERS = ['exact', 'stem', 'lexicon', 'related', 'transliteration', 'typo'] as const;
export type Tier = (typeof TIERS)[number];

/** A query word and, for the typo tier, the vocabulary's words near it. */
export type TieredWord = QueryWord & { typos?: string[] };

/**
 * Terms all required in some columns: the text as written (the word, or its prefix: `prefix`),
 * stems, or both sets.
 */
type Alternative = {
  columns: 'text' | 'stems' | 'any';
  terms: string[];
  prefix?: boolean;
  /** The text alternative: also this stem among the offer's own (QueryWord.own). */
  ownStem?: string;
};

function alternatives(w: TieredWord, tier: Tier): Alternative[] {
  const level = TIERS.indexOf(tier);
  const list: Alternative[] = [
    { columns: 'text', terms: [w.word], prefix: w.prefix, ownStem: w.own ? w.stem : undefined },
  ];
  // A phrase's word of another family (QueryWord.name) counts only as the phrase's names.
  if (level >= 1 && !w.name) list.push({ columns: 'stems', terms: [w.stem] });
  // The lexicon's words among the offer's own words, then among its related words (its
  // catalogue names, the lexicon's words for its words): ranked below its own text.
  if (level >= 2) for (const phrase of w.lexicon) list.push({ columns: 'stems', terms: phrase });
  if (level >= 3) {
    if (!w.name) list.push({ columns: 'any', terms: [w.stem] });
    for (const phrase of w.lexicon) list.push({ columns: 'any', terms: phrase });
  }
  if (level >= 4) for (const t of w.transliterations) list.push({ columns: 'any', terms: [t] });
  if (level >= 5) for (const t of w.typos ?? []) list.push({ columns: 'any', terms: [t] });
  return list;
}

/**
 * Every term a word may match in a tier (PostgreSQL reads how common they are together); the
 * typed word, matched as a prefix, ends with `*`.
 */
export function tierTerms(words: TieredWord[], tier: Tier): string[][] {
  return words.map((w) => [
    ...new Set(
      alternatives(w, tier).flatMap(({ columns, terms, prefix }) =>
        // The text alternative may match as a prefix (`w*`), the others whole terms.
        columns === 'text' ? [prefix ? `${terms[0]}*` : terms[0]] : terms,
      ),
    ),
  ]);
}

/** A product's search columns (search-index.ts), as the text index reads them. */
export interface SearchColumns {
  search_text: string | null;
  search_stems: string | null;
  search_related: string | null;
}

/** A character FTS5's unicode61 tokenizer keeps in a word: a letter, a digit or a private-use one. */
const WORD_CHARACTER = /^[\p{L}\p{N}\p{Co}]$/u;
/** The answer for each character of the first plane once asked (0: not yet, 1: yes, 2: no): 64 KiB. */
const firstPlane = new Uint8Array(0x10000);
function isWordCharacter(code: number): boolean {
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  }
  // Beyond the first plane (rare in offers): asked each time, so no text can grow a cache.
  if (code > 0xffff) return WORD_CHARACTER.test(String.fromCodePoint(code));
  if (firstPlane[code] === 0)
    firstPlane[code] = WORD_CHARACTER.test(String.fromCharCode(code)) ? 1 : 2;
  return firstPlane[code] === 1;
}

/** The character (code point) that ends just before `at`, or -1 at the start. */
function codeBefore(text: string, at: number): number {
  if (at === 0) return -1;
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(at - 2)!;
  }
  return low;
}

/**
 * `term` (letters and digits) is a word of the text as written, or begins one (`prefix`): found
 * where the text has no word character just before it (nor just after it, for a whole word).
 */
function inText(text: string, term: string, prefix: boolean): boolean {
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1)) {
    const before = codeBefore(text, at);
    if (before !== -1 && isWordCharacter(before)) continue;
    const end = at + term.length;
    if (prefix || end === text.length || !isWordCharacter(text.codePointAt(end)!)) return true;
  }
  return false;
}

/** `term` is one of the space-separated words of a column (stems, related words). */
function inWords(words: string, term: string): boolean {
  for (let at = words.indexOf(term); at !== -1; at = words.indexOf(term, at + 1)) {
    const end = at + term.length;
    if ((at === 0 || words[at - 1] === ' ') && (end === words.length || words[end] === ' ')) {
      return true;
    }
  }
  return false;
}

/** Whether one product's columns hold an alternative (ftsMatch's test for it). */
function holds(row: SearchColumns, { columns, terms, prefix, ownStem }: Alternative): boolean {
  const stems = row.search_stems ?? '';
  if (columns === 'text') {
    return (
      inText(row.search_text ?? '', terms[0], prefix === true) &&
      (ownStem === undefined || inWords(stems, ownStem))
    );
  }
  const related = row.search_related ?? '';
  return terms.every(
    (term) => inWords(stems, term) || (columns === 'any' && inWords(related, term)),
  );
}

/**
 * The test of ftsMatch, done in JS on one product's columns: the narrowest tier (of `tiers`, in
 * their order) whose alternatives the product holds for every word, or null. For a search whose
 * filters leave few products: their columns are read once and ranked here, instead of reading
 * the words' index lists once per tier (search.service.ts). The text as written is split as
 * FTS5's unicode61 tokenizer splits it (what is not a letter, a digit or a private-use character
 * separates words); the columns are normalised already, as the query's words are. Each term is
 * looked for where it stands in the column, and the characters around it tested: no copy of the
 * column is made (splitting the text with a Unicode regular expression per row cost most of
 * 13-50 µs a row: docs/search.md).
 */
export function tierRanker(
  words: TieredWord[],
  tiers: readonly Tier[],
): (row: SearchColumns) => Tier | null {
  // Each word's alternatives, each with the first of `tiers` that has it, narrowest first.
  const perWord = words.map((w) => {
    const seen = new Set<string>();
    return tiers.flatMap((tier, level) =>
      alternatives(w, tier).flatMap((alt) => {
        const key = `${alt.columns}:${alt.terms.join(' ')}`;
        if (seen.has(key)) return [];
        seen.add(key);
        return [{ ...alt, level }];
      }),
    );
  });
  return (row) => {
    let level = 0;
    for (const alts of perWord) {
      const found = alts.find((alt) => holds(row, alt));
      if (!found) return null;
      level = Math.max(level, found.level);
    }
    return tiers[level];
  };
}

/** An FTS5 string: the term in double quotes, its own doubled. */
export const quoted = (t: string) => `"${t.replace(/"/g, '""')}"`;

/**
 * The product type asked of FTS5 only for demands: offers are most products (85 % at 1,000,000),
 * and a term nearly every product holds makes FTS5 step through its whole list beside the words'
 * (voiture propre's exact tier at 1,000,000: 22 → 10 ms without it). Every read tests the type on
 * the rows it reads (search-conditions.ts `conditions`).
 */
const TYPE_IN_TEXT = new Set(['demand']);

/** FTS5: every word's alternatives, all words required, and the product type (see TYPE_IN_TEXT). */
export function ftsMatch(words: TieredWord[], tier: Tier, type: string): string {
  const each = words.map((w) => {
    const alts = alternatives(w, tier).map(({ columns, terms, prefix, ownStem }) =>
      columns === 'text'
        ? ownStem === undefined
          ? `search_text : ${quoted(terms[0])}${prefix ? '*' : ''}`
          : `(search_text : ${quoted(terms[0])} AND search_stems : ${quoted(ownStem)})`
        : `${columns === 'stems' ? 'search_stems' : '{search_stems search_related}'} : (${terms
            .map(quoted)
            .join(' AND ')})`,
    );
    return `(${alts.join(' OR ')})`;
  });
  const all = each.join(' AND ');
  return TYPE_IN_TEXT.has(type) ? `${all} AND type : ${quoted(type)}` : all;
}

/** The columns of PostgreSQL's search vector: its weights (migration 009). */
type Weights = 'A' | 'B' | 'BC';

/**
 * A tier's query for PostgreSQL, word by word (all of them required): each word's alternatives
 * (`any`), an alternative's terms all required (`all`), each term with the columns it may be in
 * (`term`). One shape for the query's text in either vector and for its estimated share.
 */
function pgWords<T>(
  words: TieredWord[],
  tier: Tier,
  ops: {
    term: (t: string, weights: Weights, prefix?: boolean) => T;
    all: (each: T[]) => T;
    any: (each: T[]) => T;
  },
): T[] {
  return words.map((w) =>
    ops.any(
      alternatives(w, tier).map(({ columns, terms, prefix, ownStem }) =>
        columns === 'text'
          ? ownStem === undefined
            ? ops.term(terms[0], 'A', prefix)
            : ops.all([ops.term(terms[0], 'A'), ops.term(ownStem, 'B')])
          : ops.all(terms.map((t) => ops.term(t, columns === 'stems' ? 'B' : 'BC'))),
      ),
    ),
  );
}

/** to_tsquery('simple', …) text of a tier, each term written by `term`. */
const pgQuery = (
  words: TieredWord[],
  tier: Tier,
  term: (t: string, weights: Weights, prefix?: boolean) => string,
) =>
  pgWords(words, tier, {
    term,
    all: (each) => `(${each.join(' & ')})`,
    any: (each) => `(${each.join(' | ')})`,
  }).join(' & ');

/** PostgreSQL to_tsquery('simple', …): the same, with the vector's weights for the columns. */
export const tsQuery = (words: TieredWord[], tier: Tier) =>
  pgQuery(words, tier, (t, weights, prefix) => `${t}:${prefix ? '*' : ''}${weights}`);

/**
 * The lexemes of `term` in `weights`' columns in migration 045's tagged vector: each column's
 * weight as a lower-case letter before it.
 */
const tagged = (term: string, weights: Weights) =>
  [...weights].map((c) => `${c.toLowerCase()}${term}`);

/**
 * PostgreSQL: the same query for migration 045's tagged vector (search_tagged), where each lexeme
 * carries its column as a letter before it (`avoiture`: voiture as written): no weights, so the
 * GIN index answers it exactly, without testing each candidate's row.
 */
export const taggedQuery = (words: TieredWord[], tier: Tier) =>
  pgQuery(words, tier, (t, weights, prefix) => {
    const each = tagged(t, weights).map((lexeme) => `${lexeme}${prefix ? ':*' : ''}`);
    return each.length > 1 ? `(${each.join(' | ')})` : each[0];
  });

/**
 * PostgreSQL: the share of products a tier's tagged query matches at most, from each lexeme's
 * share (`share`: of a prefix, every lexeme it starts): alternatives add up, terms required
 * together are bounded by the rarest, and so are the words.
 */
export const taggedShare = (
  words: TieredWord[],
  tier: Tier,
  share: (lexeme: string, prefix: boolean) => number,
) =>
  Math.min(
    1,
    ...pgWords(words, tier, {
      term: (t, weights, prefix = false) =>
        tagged(t, weights).reduce((sum, lexeme) => sum + share(lexeme, prefix), 0),
      all: (each) => Math.min(...each),
      any: (each) => each.reduce((sum, n) => sum + n, 0),
    }),
  );

/** A tier's text query for each engine, and each word's terms (search-plan.ts reads them). */
export function tierText(words: TieredWord[], tier: Tier, type: string) {
  const ranker = tierRanker(words, TIERS.slice(0, TIERS.indexOf(tier) + 1));
  return {
    fts: ftsMatch(words, tier, type),
    ts: tsQuery(words, tier),
    /** PostgreSQL: the same for the tagged vector (migration 045), and its share estimated. */
    tagged: taggedQuery(words, tier),
    taggedShare: (share: (lexeme: string, prefix: boolean) => number) =>
      taggedShare(words, tier, share),
    words: tierTerms(words, tier),
    /** The same match tested on one product's columns (the few bumped offers, search-bumps.repository.ts). */
    test: (row: SearchColumns) => ranker(row) !== null,
  };
}
