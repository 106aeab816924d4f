// Lookup over the market lexicon (./entries.ts) for the search pipeline (issue 17 item 2).
//
// Every lexicon word is put in search form once, on first use: DESIGN §7's normalizeSearchText,
// then hyphens and apostrophes become spaces (the pipeline splits words on them, so "x-trail" is
// the phrase "x trail"). A word is one token; an entry with spaces ("machine a laver",
// "land cruiser", "تفرغ زينه") is a phrase.
//
// API:
// - expandTerm(term): the other words and phrases of the group(s) holding the one-token `term`
//   (already in search form), without `term` itself; [] when the lexicon does not know it.
// - expandPhrase(words): the phrases of two or more tokens found in a query's tokens (each in
//   search form), left to right, longest first, not overlapping; each match gives its start
//   index, its length in tokens and the expansions of the phrase (other words and phrases of its
//   group(s)). Single tokens are expandTerm's job.
// Expansions may themselves be phrases (contain spaces): "غساله" → "machine a laver".

import { normalizeSearchText } from '../domain/normalize';
import { LEXICON } from './entries';

export interface PhraseMatch {
  start: number;
  length: number;
  expansions: readonly string[];
}

interface Lookup {
  /** search-form word or phrase → indexes of the groups holding it */
  groupsOf: Map<string, number[]>;
  /** each group's words in search form, without duplicates */
  groupWords: string[][];
  /** search-form word or phrase → the other words of its groups, made on first use and kept
   * (the search asks for them for every word of every offer it indexes and every query) */
  expansions: Map<string, readonly string[]>;
  /** the longest phrase, in tokens */
  longest: number;
}

let lookup: Lookup | undefined;

/** A lexicon word in the form the search pipeline's tokens take. */
export function lexiconSearchForm(word: string): string {
  return normalizeSearchText(word.replace(/[-'’]/g, ' '));
}

function build(): Lookup {
  const groupsOf = new Map<string, number[]>();
  const groupWords: string[][] = [];
  let longest = 1;
  LEXICON.forEach((group, index) => {
    const forms = [...new Set([...group.ar, ...group.fr, ...group.latin].map(lexiconSearchForm))];
    groupWords.push(forms);
    for (const form of forms) {
      const list = groupsOf.get(form);
      if (list) list.push(index);
      else groupsOf.set(form, [index]);
      longest = Math.max(longest, form.split(' ').length);
    }
  });
  return { groupsOf, groupWords, expansions: new Map(), longest };
}

function getLookup(): Lookup {
  lookup ??= build();
  return lookup;
}

const NONE: readonly string[] = Object.freeze([]);

function expansionsOf(form: string): readonly string[] {
  const { groupsOf, groupWords, expansions } = getLookup();
  const known = expansions.get(form);
  if (known) return known;
  const indexes = groupsOf.get(form);
  if (!indexes) return NONE;
  const out = new Set(indexes.flatMap((index) => groupWords[index]));
  out.delete(form);
  const made = Object.freeze([...out]);
  expansions.set(form, made);
  return made;
}

export function expandTerm(term: string): readonly string[] {
  return expansionsOf(term);
}

export function expandPhrase(words: readonly string[]): PhraseMatch[] {
  const { groupsOf, longest } = getLookup();
  const matches: PhraseMatch[] = [];
  let start = 0;
  while (start < words.length - 1) {
    let found = 0;
    for (let length = Math.min(longest, words.length - start); length >= 2; length--) {
      const phrase = words.slice(start, start + length).join(' ');
      if (groupsOf.has(phrase)) {
        matches.push({ start, length, expansions: expansionsOf(phrase) });
        found = length;
        break;
      }
    }
    start += found || 1;
  }
  return matches;
}
