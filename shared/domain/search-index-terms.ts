import { normalizeSearchText } from './normalize';
import { expandPhrase, expandTerm, lexiconSearchForm } from '../lexicon';
import {
  anotherWord,
  foreign,
  known,
  lexiconBases,
  meaningful,
  nameTerm,
  searchTokens,
  stem,
} from './search-terms';

// What a product's index holds besides its text as written (DESIGN §11, issue 17; issue 30's
// families): the stems of its words and related words — the lexicon's words for its words, its
// subcategory's names with theirs, its category's names as written — as
// shared/domain/search-terms.ts makes a query's words, for both engines.

const length = (w: string) => [...w].length;

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
 * The index's related stems of a word or phrase the lexicon knows (search form): the stems of
 * its group's words; of a phrase of the group, only the words that are not of another family
 * ("أثاث منزلي", a furniture word: أثاث, not منزل 'house'), and no stem that is a word of
 * another family ("في البيت", "بالمنزل", at home: not بيت, منزل, a house). A query still finds
 * the phrase whole: each of its words is given the phrase's other names (queryTerms).
 */
function relatedStemsOf(form: string): string[] {
  const out = new Set<string>();
  for (const expansion of expandTerm(form)) {
    const words = meaningful(searchTokens(expansion));
    for (const w of words) {
      if (words.length > 1 && foreign(w, [expansion, form])) continue;
      const s = stem(w);
      if (!anotherWord(form, s)) out.add(s);
    }
    const term = nameTerm(expansion);
    if (term) out.add(term);
  }
  return [...out];
}

/**
 * `make` answered once for each key, and kept: every offer indexed asks again for the same few
 * keys (the lexicon's forms, the catalogue's names). At most `limit` answers are kept (all are
 * let go when full: a fixed set of keys comes back at once, and no input can grow the memory).
 */
function remembered<T>(make: (key: string) => T, limit: number): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= limit) answers.clear();
      answers.set(key, (answer = make(key)));
    }
    return answer;
  };
}

/** The lexicon has some thousands of forms; the catalogue some hundreds of names. */
const REMEMBERED = 20_000;

const knownRelated = remembered(relatedStemsOf, REMEMBERED);
/** A word's or phrase's related stems (relatedStemsOf): none for a form the lexicon does not know. */
const relatedStems = (form: string): readonly string[] => (known(form) ? knownRelated(form) : []);

/** A word's related stems: those of its lexicon forms (as typed, without its article, singular). */
const wordRelated = (word: string) => lexiconBases(word).flatMap(relatedStems);

/**
 * The words of a catalogue name that say what its offers are: each part's head (its first
 * word: "Linge" of "Linge de maison", أجهزة of "أجهزة منزلية") and the other words that are not
 * of another family (kept: "solaire", "photo"; left out: "maison", منزلية, "auto"), each with
 * the part itself when the lexicon knows it as a phrase.
 */
const catalogueWords = remembered(catalogueWordsOf, REMEMBERED);
function catalogueWordsOf(label: string): { part: string; words: string[] }[] {
  return catalogueParts(label).map((part) => {
    const form = lexiconSearchForm(part);
    const words = meaningful(searchTokens(part));
    return {
      part: form,
      words: words.filter((w, i) => i === 0 || !foreign(w, [form, words[0]])),
    };
  });
}

/** The terms each part of a catalogue name gives: its words' stems and related stems. */
const catalogueTerms = remembered(
  (label: string): ReadonlySet<string>[] =>
    catalogueWords(label).map(({ part, words }) => {
      const terms = new Set(relatedStems(part));
      const whole = known(part) && nameTerm(part);
      if (whole) terms.add(whole);
      for (const word of words) {
        terms.add(stem(word));
        for (const s of wordRelated(word)) terms.add(s);
      }
      return terms;
    }),
  REMEMBERED,
);

/**
 * Index terms of an offer: `texts` its own names and infos, `catalogue` the names of its
 * subcategory (both languages, with the lexicon's words for them), `broad` its category's
 * (as written, without the lexicon's words: those of a whole category — 'vehicles': boats,
 * trucks… — would find what the offer is not). Catalogue names count by their own words only
 * (catalogueWords); a category's name that is a word of another family in none of its other
 * names is left out ("Maison", the home goods: a house).
 */
export function indexTerms(texts: string[], catalogue: string[], broad: string[] = []): IndexTerms {
  // A word of another family inside a name the lexicon knows ("دار" of "دار النعيم", a district)
  // counts as the name, not as itself: its text still holds it, its stems and related words not.
  // Only there: the same word elsewhere in the text ("دار للبيع في دار النعيم") is its own.
  const ownWords = new Set<string>();
  const related = new Set<string>();
  for (const tokens of texts.map(searchTokens)) {
    const inNames = new Set<number>();
    for (const { start, length: n } of expandPhrase(tokens)) {
      const name = tokens.slice(start, start + n);
      const form = name.join(' ');
      for (const s of [...relatedStems(form), nameTerm(form)]) if (s) related.add(s);
      name.forEach((w, i) => {
        if (foreign(w, [form])) inNames.add(start + i);
      });
    }
    tokens.forEach((w, i) => {
      if (!inNames.has(i)) ownWords.add(w);
    });
  }
  const own = [...ownWords];
  const stems = new Set(own.map(stem));
  for (const word of meaningful(own)) for (const s of wordRelated(word)) related.add(s);
  // A name of two kinds ("Moutons et chèvres", "أغنام وماعز"): only the kinds the offer's own
  // words name count, when they name some (a goat is not found by "moutons"); else all of them.
  const own_ = new Set([...stems, ...related]);
  for (const label of catalogue) {
    const parts = catalogueTerms(label);
    const named = parts.length > 1 ? parts.filter((t) => [...t].some((s) => own_.has(s))) : [];
    for (const terms of named.length ? named : parts) for (const s of terms) related.add(s);
  }
  // Category words as written and as stems (their lexicon words would find what the offer is
  // not; a stem that is another lexicon word is not taken: مركبات 'vehicles' stays, not مركب
  // 'boat').
  const names = broad.map(catalogueWords);
  names.forEach((parts, i) => {
    const otherHeads = names.flatMap((other, j) => (j === i ? [] : other.map((p) => p.words[0])));
    for (const { words } of parts) {
      for (const [k, word] of words.entries()) {
        if (k === 0 && otherHeads.length && foreign(word, otherHeads.filter(Boolean))) continue;
        related.add(word);
        related.add(stem(word));
      }
    }
  });
  for (const s of stems) related.delete(s);
  return { stems: [...stems].join(' '), related: [...related].join(' ') };
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
