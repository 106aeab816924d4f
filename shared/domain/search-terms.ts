import { normalizeSearchText } from './normalize';
import { transliterate } from './transliterate';
import { expandPhrase, expandTerm } from '../lexicon';

// The search language pipeline (DESIGN §11, issue 17): one home for what a text becomes in the
// index and what a query looks for, used by both engines.
//
// - Tokens: DESIGN §7's normalisation, then runs of letters and digits (apostrophes and hyphens
//   separate words, so the elided "l'" and "d'" of French fall off as one-letter words).
// - Stems: Arabic light stemming (the article and its attached forms وال بال كال فال لل, an
//   attached و ف ب ل when what remains is a word the lexicon knows, possessive endings, sound
//   plurals ات ون ين, the dual ان, the feminine ه) and French plurals (s, x, aux → al, eaux →
//   eau). A stem is the same for a word typed with or without those: the query meets the offer.
// - The index keeps three sets of words: the text as written (exact, prefix-searchable), the
//   stems of its words, and related words: the lexicon's words for its words (the other
//   language, plurals, spellings in the other script) and the offer's category and subcategory
//   names with theirs, all as stems.
// - A query word is looked for in tiers: exact (prefix of a word as written), stem, lexicon,
//   transliteration; the search ranks the tiers in that order (typos are the search's own last
//   tier, against the index's vocabulary of stems).

/** Words shorter than this are not stemmed further (Arabic roots have three letters). */
const MIN_STEM = 3;

const ARABIC = /[\u0600-\u06ff]/;

export const isArabic = (word: string) => ARABIC.test(word);

/** The words of a text, in search form (DESIGN §7). */
export function searchTokens(text: string): string[] {
  return normalizeSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const length = (w: string) => [...w].length;
const known = (w: string) => expandTerm(w).length > 0;

/** The article (and its attached forms), then an attached conjunction or preposition. */
function arabicPrefixes(word: string): string[] {
  const forms = [word];
  for (const article of ['وال', 'بال', 'كال', 'فال', 'لل', 'ال']) {
    if (word.startsWith(article) && length(word) - length(article) >= 2) {
      forms.push(word.slice(article.length));
      return forms;
    }
  }
  // و ف ب ل attached to a word only count off when what remains is a known word: the first
  // letter of بيت or لحم is part of the word.
  if (/^[وفبل]/.test(word) && length(word) > 3 && known(word.slice(1)) && !known(word)) {
    forms.push(word.slice(1));
  }
  return forms;
}

const POSSESSIVE = ['هما', 'كما', 'هم', 'هن', 'كم', 'نا', 'ها'];
const PLURAL = ['ات', 'ون', 'ين', 'ان', 'يه', 'ه', 'ي'];

function stripOne(word: string, endings: string[]): string {
  for (const end of endings) {
    if (word.endsWith(end) && length(word) - length(end) >= MIN_STEM) {
      return word.slice(0, word.length - end.length);
    }
  }
  return word;
}

/** Arabic light stem: article and attached forms, possessive, plural/dual/feminine ending. */
function arabicStem(word: string): string {
  const bare = arabicPrefixes(word).at(-1)!;
  return stripOne(stripOne(bare, POSSESSIVE), PLURAL);
}

/** French (and Latin-letter) light stem: plurals. */
function latinStem(word: string): string {
  if (length(word) <= MIN_STEM || /\d/.test(word)) return word;
  if (word.endsWith('eaux')) return word.slice(0, -1);
  if (word.endsWith('aux') && length(word) > 4) return `${word.slice(0, -3)}al`;
  // Plural s (not ss); x only after a vowel pair of French plurals (jeux, bijoux): a brand's
  // final x (hilux, rolex) stays.
  if (/[^s]s$/.test(word) || /(eu|ou|au)x$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The stem of one search-form word (the word itself when nothing comes off). */
export function stem(word: string): string {
  return isArabic(word) ? arabicStem(word) : latinStem(word);
}

/**
 * The forms of a word the lexicon is asked about: the word, without its article or attached
 * letter, and a French singular (the lexicon lists plurals it knows, and these catch the rest).
 */
function lexiconBases(word: string): string[] {
  const forms = isArabic(word) ? arabicPrefixes(word) : [word, latinStem(word)];
  return [...new Set(forms)];
}

/** The lexicon's words for a word, each as the stems of its tokens (a phrase has several). */
export function lexiconStems(word: string): string[][] {
  const own = stem(word);
  const out = new Map<string, string[]>();
  for (const base of lexiconBases(word)) {
    for (const expansion of expandTerm(base)) {
      const stems = [...new Set(meaningful(searchTokens(expansion)).map(stem))];
      if (stems.length && !(stems.length === 1 && stems[0] === own)) {
        out.set(stems.join(' '), stems);
      }
    }
  }
  return [...out.values()];
}

/** Other-script spellings of a word not in the lexicon, as stems. */
export function transliterationStems(word: string): string[] {
  const own = stem(word);
  const stems = transliterate(word).flatMap((t) => searchTokens(t).map(stem));
  return [...new Set(stems)].filter((s) => s !== own && length(s) >= 2);
}

// Little words that say nothing of what is sought: dropped from queries (when other words
// remain) and from phrases of the lexicon.
const STOP_WORDS = new Set([
  'a',
  'au',
  'aux',
  'de',
  'des',
  'du',
  'en',
  'et',
  'la',
  'le',
  'les',
  'l',
  'd',
  'pour',
  'avec',
  'un',
  'une',
  'qu',
  'في',
  'من',
  'مع',
  'علي',
  'الي',
  'و',
  'او',
]);

/** The words that carry meaning: no stop words, no one-letter words (unless nothing else). */
function meaningful(tokens: string[]): string[] {
  const kept = tokens.filter((t) => !STOP_WORDS.has(t) && length(t) > 1);
  return kept.length ? kept : tokens;
}

/**
 * The kinds a catalogue name lists: "Moutons et chèvres" → moutons, chèvres; "أغنام وماعز" →
 * أغنام, ماعز (an attached و starts a part when the rest is a known word or has the article);
 * "Thé, café et sucre" → three. A name of one kind is one part.
 */
export function catalogueParts(label: string): string[] {
  return label
    .split(/\s*(?:,|&|\bet\b|\band\b)\s*/u)
    .flatMap((part) => {
      const words = part.split(/\s+/).filter(Boolean);
      const out: string[][] = [[]];
      for (const w of words) {
        const rest = w.slice(1);
        const starts =
          out.at(-1)!.length > 0 &&
          w.startsWith('و') &&
          length(rest) >= 3 &&
          (rest.startsWith('ال') || known(normalizeSearchText(rest)));
        if (starts) out.push([rest]);
        else out.at(-1)!.push(w);
      }
      return out.map((ws) => ws.join(' '));
    })
    .filter((p) => p.trim());
}

/** What the index holds for an offer, besides its text as written (`search_text`). */
export interface IndexTerms {
  /** The stems of the offer's own words, each once, space-separated. */
  stems: string;
  /** Related words: lexicon words for its own words, its catalogue names and theirs, as stems. */
  related: string;
}

/**
 * Index terms of an offer: `texts` its own names and infos, `catalogue` the names of its
 * subcategory (both languages, with the lexicon's words for them), `broad` its category's
 * (as written, without the lexicon's words: those of a whole category — 'vehicles': boats,
 * trucks… — would find what the offer is not).
 */
export function indexTerms(texts: string[], catalogue: string[], broad: string[] = []): IndexTerms {
  const own = [...new Set(texts.flatMap(searchTokens))];
  const stems = new Set(own.map(stem));
  const related = new Set<string>();
  for (const word of meaningful(own)) {
    for (const phrase of lexiconStems(word)) for (const s of phrase) related.add(s);
  }
  // A name of two kinds ("Moutons et chèvres", "أغنام وماعز"): only the kinds the offer's own
  // words name count, when they name some (a goat is not found by "moutons"); else all of them.
  const own_ = new Set([...stems, ...related]);
  for (const label of catalogue) {
    const parts = catalogueParts(label).map((part) => {
      const terms = new Set<string>();
      for (const word of meaningful(searchTokens(part))) {
        terms.add(stem(word));
        for (const phrase of lexiconStems(word)) for (const s of phrase) terms.add(s);
      }
      return terms;
    });
    const named = parts.length > 1 ? parts.filter((t) => [...t].some((s) => own_.has(s))) : [];
    for (const terms of named.length ? named : parts) for (const s of terms) related.add(s);
  }
  // Category words as written: their stems collide more (مركبات 'vehicles' → مركب 'boat').
  for (const word of meaningful([...new Set(broad.flatMap(searchTokens))])) related.add(word);
  for (const s of stems) related.delete(s);
  return { stems: [...stems].join(' '), related: [...related].join(' ') };
}

/** One word of a query and what it may match, tier by tier. */
export interface QueryWord {
  /** As typed (search form): a prefix of a word as written. */
  word: string;
  /** Its stem: a word's stem in the index. */
  stem: string;
  /** The lexicon's words for it (each a list of stems, all required). */
  lexicon: string[][];
  /** Its spellings in the other script (stems). */
  transliterations: string[];
}

/** More words add nothing a person types; they only cost index lookups. */
export const MAX_QUERY_WORDS = 8;
/** Longer runs are not words anyone searches for (and a tsquery lexeme has a size limit). */
export const MAX_WORD_LENGTH = 60;

/** An expansion (word or phrase) as the stems of its meaningful words. */
const expansionStems = (expansion: string) => [
  ...new Set(meaningful(searchTokens(expansion)).map(stem)),
];

/**
 * The words of a search box, each with what it may match. A phrase the lexicon knows ("تفرغ
 * زينة", "machine a laver") gives each of its words the phrase's other names as a whole (all
 * their words required), so that the phrase, word by word, still finds them.
 */
export function queryTerms(text: string): QueryWord[] {
  const tokens = [
    ...new Set(searchTokens(text).map((w) => [...w].slice(0, MAX_WORD_LENGTH).join(''))),
  ];
  const words = meaningful(tokens).slice(0, MAX_QUERY_WORDS);
  const phrases = new Map<number, string[][]>();
  for (const match of expandPhrase(words)) {
    const names = match.expansions.map(expansionStems).filter((stems) => stems.length);
    for (let i = match.start; i < match.start + match.length; i++) phrases.set(i, names);
  }
  return words.map((word, i) => {
    const lexicon = lexiconStems(word);
    const known = new Set(lexicon.map((l) => l.join(' ')));
    for (const names of phrases.get(i) ?? []) {
      if (!known.has(names.join(' '))) lexicon.push(names);
    }
    return {
      word,
      stem: stem(word),
      lexicon,
      transliterations: transliterationStems(word),
    };
  });
}

/**
 * Edit distance of two words, up to `max` (more is reported as max + 1): letters inserted,
 * deleted, replaced, and two neighbours swapped (voitrue → voiture), each one edit (optimal string
 * alignment). Swaps are among the commonest typing slips; the deletion variants of migration 011
 * find them too (both words lose one of the swapped letters alike).
 */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        v = Math.min(v, before[j - 2] + 1);
      }
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    before = prev;
    prev = row;
  }
  return prev[y.length];
}

/** Edits tolerated in a word of this many letters: 1 from 5 letters, 2 from 8 (issue 17). */
export function typoBudget(word: string): number {
  const n = length(word);
  return n >= 8 ? 2 : n >= 5 ? 1 : 0;
}

/**
 * The vocabulary's deletion variants (SymSpell, migration 011): every term of `minLength` letters
 * or more is stored under itself with one letter taken out, and, from `twoFrom` to `twoUpTo`
 * letters, with two taken out. Two words within `budget` edits share a key when each loses at
 * most `budget` letters: the query side takes out as many as its budget allows (deletionKeys).
 * minLength: a one-edit word has 5+ letters, so its neighbours 4+; twoFrom: a two-edit word has
 * 8+, its neighbours 6+. Terms longer than twoUpTo keep one-letter variants only.
 */
export const TYPO_KEYS = { minLength: 4, twoFrom: 6, twoUpTo: 20 } as const;

/** A word's keys for the variants look-up: itself and its variants with up to `budget` letters out. */
export function deletionKeys(word: string, budget: number): string[] {
  const keys = new Set([word]);
  let level = [word];
  for (let round = 0; round < budget; round++) {
    const next: string[] = [];
    for (const w of level) {
      const letters = [...w];
      for (let i = 0; i < letters.length; i++) {
        const v = [...letters.slice(0, i), ...letters.slice(i + 1)].join('');
        if (v && !keys.has(v)) {
          keys.add(v);
          next.push(v);
        }
      }
    }
    level = next;
  }
  return [...keys];
}

/** The search columns of a product: its text as written (DESIGN §7), its stems, related words. */
export function searchColumns(
  texts: (string | null | undefined)[],
  catalogue: (string | null | undefined)[],
  broad: string[] = [],
): { search_text: string; search_stems: string; search_related: string } {
  const own = texts.filter((t): t is string => !!t);
  const terms = indexTerms(
    own,
    catalogue.filter((t): t is string => !!t),
    broad,
  );
  return {
    search_text: [...new Set(own.map(normalizeSearchText))].join(' '),
    search_stems: terms.stems,
    search_related: terms.related,
  };
}
