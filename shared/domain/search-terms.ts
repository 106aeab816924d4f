import { normalizeSearchText } from './normalize';
import { transliterate } from './transliterate';
import { expandPhrase, expandTerm, lexiconSearchForm } from '../lexicon';
import { editDistance, typoBudget } from './search-typos';
import { LEXICON } from '../lexicon/entries';

export { deletionKeys, editDistance, TYPO_KEYS, typoBudget } from './search-typos';

// The search language pipeline (DESIGN §11, issue 17): one home for what a text becomes in the
// index and what a query looks for, used by both engines.
//
// - Tokens: DESIGN §7's normalisation, then runs of letters and digits (apostrophes and hyphens
//   separate words, so the elided "l'" and "d'" of French fall off as one-letter words).
// - Stems: Arabic light stemming (the article and its attached forms وال بال كال فال لل, an
//   attached و ف ب ل when what remains is a word the lexicon knows, possessive endings, sound
//   plurals ات ون ين, the dual ان, the feminine ه) and French plurals (s, x, aux → al, eaux →
//   eau). A stem is the same for a word typed with or without those: the query meets the offer.
//   An ending stays on when taking it off turns one lexicon word into another (issue 30).
// - The index keeps three sets of words: the text as written (exact, prefix-searchable), the
//   stems of its words, and related words (shared/domain/search-index-terms.ts).
// - A query word is looked for in tiers: exact (the word as written, or its prefix while it is
//   not a whole lexicon word), stem, lexicon, transliteration; the search ranks the tiers in that
//   order (typos are the search's own last tier, against the index's vocabulary of stems). Words
//   of how an offer is sold ("للبيع", "pas cher") do not filter (issue 30).

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
/** Whether the lexicon knows this search-form word or phrase. */
export const known = (w: string) => expandTerm(w).length > 0;

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

/**
 * Whether `part` is a lexicon word of no group of the lexicon word or phrase `whole` (issue 30):
 * what taking an ending off leaves (شاحنة 'truck' → شاحن 'charger', هونداي 'Hyundai' → هوندا
 * 'Honda', cours 'lessons' → cour 'courtyard'), or a word inside a phrase (منزل 'house' in في
 * المنزل 'at home').
 */
export const anotherWord = (whole: string, part: string) =>
  part !== whole && known(whole) && known(part) && !expandTerm(whole).includes(part);

/**
 * Arabic light stem: article and attached forms, possessive, plural/dual/feminine ending. An
 * ending stays on when taking it off would turn one lexicon word into another.
 */
function arabicStem(word: string): string {
  const bare = arabicPrefixes(word).at(-1)!;
  const noPossessive = stripOne(bare, POSSESSIVE);
  const stemmed = stripOne(noPossessive, PLURAL);
  if (!anotherWord(bare, stemmed)) return stemmed;
  return anotherWord(bare, noPossessive) ? bare : noPossessive;
}

/** A French (and Latin-letter) plural's singular. */
function latinSingular(word: string): string {
  if (length(word) <= MIN_STEM || /\d/.test(word)) return word;
  if (word.endsWith('eaux')) return word.slice(0, -1);
  if (word.endsWith('aux') && length(word) > 4) return `${word.slice(0, -3)}al`;
  // Plural s (not ss); x only after a vowel pair of French plurals (jeux, bijoux): a brand's
  // final x (hilux, rolex) stays.
  if (/[^s]s$/.test(word) || /(eu|ou|au)x$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * French (and Latin-letter) light stem: plurals. As in Arabic, the ending stays on when taking
 * it off would turn one lexicon word into another (cours 'lessons' is not cour 'courtyard').
 */
function latinStem(word: string): string {
  const singular = latinSingular(word);
  return anotherWord(word, singular) ? word : singular;
}

/** The stem of one search-form word (the word itself when nothing comes off). */
export function stem(word: string): string {
  return isArabic(word) ? arabicStem(word) : latinStem(word);
}

/**
 * The forms of a word the lexicon is asked about: the word, without its article or attached
 * letter, and a French singular (the lexicon lists plurals it knows, and these catch the rest).
 */
export function lexiconBases(word: string): string[] {
  const forms = isArabic(word) ? arabicPrefixes(word) : [word, latinStem(word)];
  return [...new Set(forms)];
}

/** A word's lexicon forms (as typed, without its article or ending, its stem) the lexicon knows. */
const knownForms = (word: string) =>
  [...new Set([...lexiconBases(word), stem(word)])].filter(known);

/**
 * Whether `word` is a lexicon word whose groups hold none of `kin` (search forms, compared
 * whole and as stems): a word of another family (issue 30). "maison" in "linge de maison" (kin:
 * the phrase and its head, linge), منزلية in "أجهزة منزلية", "auto" in "sièges auto".
 */
export function foreign(word: string, kin: string[]): boolean {
  const forms = knownForms(word);
  if (!forms.length) return false;
  const kinForms = new Set(kin.flatMap((k) => [k, stem(k)]));
  return !forms.some((f) => expandTerm(f).some((e) => kinForms.has(e) || kinForms.has(stem(e))));
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

/** Whether the lexicon knows the word (as typed, without its article or ending, or its stem). */
export const isLexiconWord = (word: string) => [...lexiconBases(word), stem(word)].some(known);

let lexiconByStem: Map<string, string[]> | undefined;

/** The lexicon's one-word forms by their stem (built once, on first use). */
function formsWithStem(s: string): string[] {
  if (!lexiconByStem) {
    lexiconByStem = new Map();
    for (const group of LEXICON) {
      for (const word of [...group.ar, ...group.fr, ...group.latin]) {
        const form = lexiconSearchForm(word);
        if (form.includes(' ')) continue;
        const list = lexiconByStem.get(stem(form)) ?? [];
        lexiconByStem.set(stem(form), [...list, form]);
      }
    }
  }
  return lexiconByStem.get(s) ?? [];
}

/**
 * Other-script spellings of a word the lexicon does not know, as stems (a word it knows has its
 * spellings there). A spelling that is a lexicon word's stem is kept only when that word's group
 * holds a word near the one typed, in its script (within its typo budget and one more edit:
 * 'corrola' → كورولا, whose group holds corolla); else a spelling would turn the word into
 * another (issue 30: 'violon' gave فيل, a villa).
 */
export function transliterationStems(word: string): string[] {
  if (isLexiconWord(word)) return [];
  const own = stem(word);
  const near = typoBudget(word) + 1;
  const nearby = (s: string) => {
    const forms = formsWithStem(s);
    if (!forms.length && !isLexiconWord(s)) return true;
    return [...forms, ...forms.flatMap(expandTerm)].some(
      (e) => isArabic(e) === isArabic(word) && editDistance(e, word, near) <= near,
    );
  };
  const stems = transliterate(word).flatMap((t) => searchTokens(t).map(stem));
  return [...new Set(stems)].filter((s) => s !== own && length(s) >= 2 && nearby(s));
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

/**
 * Words that say how an offer is sold, not what it is (issue 30: "للبيع", "à vendre", "pas
 * cher", "جديد"): dropped from a query when other words remain, so that they do not require the
 * offer to repeat them. In search form.
 */
const GENERIC_WORDS = new Set([
  'vendre',
  'vente',
  'louer',
  'pas',
  'cher',
  'bon',
  'prix',
  'neuf',
  'neuve',
  'occasion',
  'urgent',
  'للبيع',
  'بيع',
  'للايجار',
  'ايجار',
  'جديد',
  'جديده',
  'رخيص',
  'رخيصه',
  'مستعمل',
  'مستعمله',
  'عاجل',
  'سعر',
]);

/** The words that carry meaning: no stop words, no one-letter words (unless nothing else). */
export function meaningful(tokens: string[]): string[] {
  const kept = tokens.filter((t) => !STOP_WORDS.has(t) && length(t) > 1);
  return kept.length ? kept : tokens;
}

/**
 * A name of several words as one index term, its stems run together ("dar naim" → darnaim):
 * what finds a name whose words are left out of the index one by one (foreign), and a phrase of a
 * query (queryTerms) whole. Null for one word.
 */
export function nameTerm(name: string): string | null {
  const stems = meaningful(searchTokens(name)).map(stem);
  return stems.length > 1 ? stems.join('') : null;
}

/** One word of a query and what it may match, tier by tier. */
export interface QueryWord {
  /** As typed (search form): a word as written, or its prefix when `prefix`. */
  word: string;
  /** Whether `word` also matches as the start of a longer word (not for lexicon words). */
  prefix: boolean;
  /**
   * A lexicon word typed alone (not within a name the query holds): as written it must also be
   * one of the offer's own words (its stem among the offer's stems), not only a word of a name
   * in its text ("دار" of the district "دار النعيم", issue 30).
   */
  own?: boolean;
  /**
   * A word of a phrase of how or where (one that begins with a little word) that alone is a
   * word of another family (المنزل 'house' in في المنزل 'at home', issue 30): it counts only as
   * the phrase, through the phrase's names (`lexicon`), never through its stem nor its own
   * lexicon words.
   */
  name?: boolean;
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

/** A search box's words, each once, cut to a word's length. */
const queryTokens = (text: string) => [
  ...new Set(searchTokens(text).map((w) => [...w].slice(0, MAX_WORD_LENGTH).join(''))),
];

/**
 * The generic words a query dropped because other words remained (queryTerms): they do not
 * filter, they rank (issue 30): among matches of one tier, those holding them come first.
 */
export function rankingTerms(text: string): QueryWord[] {
  const meant = meaningful(queryTokens(text));
  if (meant.every((w) => GENERIC_WORDS.has(w))) return [];
  return meant
    .filter((w) => GENERIC_WORDS.has(w))
    .slice(0, MAX_QUERY_WORDS)
    .flatMap((w) => queryTerms(w));
}

/**
 * The words of a search box, each with what it may match. A phrase the lexicon knows ("تفرغ
 * زينة", "machine a laver") gives each of its words the phrase's other names as a whole (all
 * their words required), so that the phrase, word by word, still finds them.
 */
export function queryTerms(text: string): QueryWord[] {
  const tokens = queryTokens(text);
  const meant = meaningful(tokens);
  const specific = meant.filter((w) => !GENERIC_WORDS.has(w));
  const words = (specific.length ? specific : meant).slice(0, MAX_QUERY_WORDS);
  // Phrases are looked for in the words as typed, little words included ("machine à laver").
  const phrases = new Map<string, { phrase: string; names: string[][]; manner: boolean }>();
  for (const match of expandPhrase(tokens)) {
    const phrase = tokens.slice(match.start, match.start + match.length).join(' ');
    const names = [
      // A name of several words requires them all; a name of one word that is a word of
      // another family does not stand for the phrase ("في البيت", at home, is not بيت 'house').
      ...match.expansions.flatMap((e) => {
        const stems = expansionStems(e);
        return stems.length > 1 || (stems.length && !anotherWord(e, stems[0])) ? [stems] : [];
      }),
      // The names run together, as the index holds them (nameTerm).
      ...[phrase, ...match.expansions].flatMap((n) => nameTerm(n) ?? []).map((t) => [t]),
    ];
    // A phrase that begins with a little word (في المنزل, à domicile: at home) says how or
    // where, not what: its words are not the things they name alone.
    const manner = STOP_WORDS.has(tokens[match.start]);
    for (const word of tokens.slice(match.start, match.start + match.length)) {
      phrases.set(word, { phrase, names, manner });
    }
  }
  return words.map((word) => {
    const inPhrase = phrases.get(word);
    const name = !!inPhrase?.manner && foreign(word, [inPhrase.phrase]);
    const lexicon = name ? [] : lexiconStems(word);
    const known = new Set(lexicon.map((l) => l.join(' ')));
    for (const names of inPhrase?.names ?? []) {
      if (!known.has(names.join(' '))) lexicon.push(names);
    }
    return {
      word,
      // A whole word the lexicon knows is not also a prefix of another (شاحن 'charger' of
      // شاحنة 'truck', issue 30); a word being typed is.
      prefix: !isLexiconWord(word),
      own: isLexiconWord(word) && !inPhrase,
      ...(name && { name }),
      stem: stem(word),
      lexicon,
      transliterations: name ? [] : transliterationStems(word),
    };
  });
}
