// Rule-based Latin ↔ Arabic spellings of a word (issue 17 item 2), so that a brand or a place
// the lexicon does not know, typed in one script, can meet offers written in the other. The
// search pipeline looks each candidate up in its own vocabulary; a candidate that no offer uses
// costs a lookup and finds nothing.
//
// Input: one word in search form (shared/domain/normalize.ts), of one script; anything else
// (mixed scripts, digits, fewer than 3 or more than 20 letters) gives []. Output: at most
// MAX_CANDIDATES spellings in search form, most likely first, without the input.
//
// Each letter (or letter group) has a short list of renderings with a cost; a beam search keeps
// the cheapest spellings. The costs only order guesses; they are not probabilities.
//
// Latin → Arabic
// - Groups first: kh خ, gh غ, ch/sh ش, th ث|ت, dh ذ|ض|د, ph ف, qu ق|ك, ck ك, dj ج, gn ني;
//   vowel groups ou/oo/au و, ee/ai/ay/ei/ey ي; a doubled consonant is written once (kiffa →
//   كيفه, rosso → روصو).
// - Consonants: b/p ب, t ت|ط, d د|ض, s س|ص, z ز, h ه|ح, k ك|ق, q ق, c س before e/i/y else
//   ك, g ج before e/i/y (Peugeot بيجو) else غ|ج|ك (Hassaniya's g is written ك or ق in
//   place names: Tagant تكانت), j ج, f/v ف (Tevragh تفرغ), l ل, m م, n ن, r ر, w و, x كس,
//   y ي. A word opening on two consonants may take a leading alef (Mbout امبود).
// - Vowels: a word's first vowel is carried by alef (ا; a may also be ع, as in Arafat عرفات);
//   inside a word a vowel may be dropped (French spellings of Arabic names write the short
//   vowels Arabic leaves out: Tevragh تفرغ) or written as a long vowel (brand names are
//   written with every vowel: Toyota تويوتا): a ''|ا, e ''|ي, i ي|'', o/u و|''. A final a is
//   ا or ه (Kiffa كيفه), a final e is silent or ه, i ي, o/u و.
//
// Arabic → Latin
// - Arabic writes no short vowels, so only the letters' own sounds come out: تويوتا → toyota,
//   سامسونج → samsung; a name whose Latin spelling adds vowels (تفرغ → Tevragh) or doubles a
//   letter (كيفه → Kiffa) is the lexicon's job.
// - ا a (a or e at the start); و ou|o|u after a consonant or a consonant yeh (تويوتا), w at
//   the start and next to alef; ي i|y|e after a consonant, y elsewhere; a final ه (and ة,
//   normalised to ه) a|e|h; ث th|t, ج j|dj|g, ح h, خ kh, ذ dh|d, ش ch|sh, ص s, ض d, ط t,
//   ظ z, ع ''|a, غ gh|g, ب b|p, ف f|v, ق q|k|g, ك k|c|g; ن before a final ج غ ك is the ng of
//   samsung; ء is dropped.

const MAX_CANDIDATES = 10;
const BEAM = 40;
const MIN_LETTERS = 3;
const MAX_LETTERS = 20;

interface Option {
  text: string;
  cost: number;
}

type Unit = Option[];

const o = (text: string, cost = 0): Option => ({ text, cost });

// ----- Latin → Arabic -----

const LATIN_GROUPS: Record<string, Unit> = {
  kh: [o('خ')],
  dj: [o('ج')],
  gn: [o('ني'), o('غن', 0.5)], // French gn: Mbagne امباني
  gh: [o('غ')],
  ch: [o('ش')],
  sh: [o('ش')],
  th: [o('ث'), o('ت', 0.3)],
  dh: [o('ذ'), o('ض', 0.3), o('د', 0.4)],
  ph: [o('ف')],
  qu: [o('ق'), o('ك', 0.3)],
  ck: [o('ك')],
};
const LATIN_VOWEL_GROUPS: Record<string, string> = {
  ou: 'و',
  au: 'و',
  oo: 'و',
  ee: 'ي',
  ai: 'ي',
  ay: 'ي',
  ei: 'ي',
  ey: 'ي',
};
const LATIN_CONSONANTS: Record<string, Unit> = {
  b: [o('ب')],
  p: [o('ب')],
  t: [o('ت'), o('ط', 0.6)],
  d: [o('د'), o('ض', 0.7)],
  s: [o('س'), o('ص', 0.6)],
  z: [o('ز'), o('ظ', 0.9)],
  h: [o('ه'), o('ح', 0.5)],
  k: [o('ك'), o('ق', 0.5)],
  q: [o('ق'), o('ك', 0.5)],
  g: [o('غ'), o('ج', 0.2), o('ك', 0.3)],
  j: [o('ج')],
  f: [o('ف')],
  v: [o('ف')],
  l: [o('ل')],
  m: [o('م')],
  n: [o('ن')],
  r: [o('ر')],
  w: [o('و')],
  x: [o('كس')],
  y: [o('ي')],
};
const VOWELS = 'aeiou';

function latinVowel(vowel: string, position: 'first' | 'inner' | 'last'): Unit {
  if (position === 'first') {
    if (vowel === 'a') return [o('ا'), o('ع', 0.6)];
    if (vowel === 'e') return [o('ا')];
    if (vowel === 'i') return [o('ا'), o('اي', 0.3)];
    return [o('او'), o('ا', 0.4)]; // o, u
  }
  if (position === 'last') {
    if (vowel === 'a') return [o('ا'), o('ه', 0.3)];
    if (vowel === 'e') return [o(''), o('ه', 0.4), o('ي', 0.6)];
    if (vowel === 'i') return [o('ي')];
    return [o('و')]; // o, u
  }
  if (vowel === 'a') return [o(''), o('ا', 0.2)];
  if (vowel === 'e') return [o(''), o('ي', 0.4)];
  if (vowel === 'i') return [o('ي'), o('', 0.3)];
  return [o('و'), o('', 0.5)]; // o, u
}

function latinUnits(word: string): Unit[] {
  // A name that opens on two consonants (Mbout, Nktt) may be written with a leading alef in
  // Arabic (امبود); most are not, so it costs a little.
  const cluster =
    !VOWELS.includes(word[0]) && !VOWELS.includes(word[1]) && !LATIN_GROUPS[word.slice(0, 2)];
  const units: Unit[] = cluster ? [[o(''), o('ا', 0.3)]] : [];
  let i = 0;
  while (i < word.length) {
    const pair = word.slice(i, i + 2);
    if (LATIN_VOWEL_GROUPS[pair]) {
      const letter = LATIN_VOWEL_GROUPS[pair];
      units.push([o(i === 0 ? `ا${letter}` : letter)]);
      i += 2;
    } else if (LATIN_GROUPS[pair]) {
      units.push(LATIN_GROUPS[pair]);
      i += 2;
    } else {
      const letter = word[i];
      const vowel = VOWELS.includes(letter);
      if (vowel) {
        units.push(
          latinVowel(letter, i === 0 ? 'first' : i === word.length - 1 ? 'last' : 'inner'),
        );
      } else if (letter === 'c') {
        units.push('eiy'.includes(word[i + 1] ?? '') ? [o('س')] : [o('ك')]);
      } else if (letter === 'g' && 'eiy'.includes(word[i + 1] ?? '')) {
        units.push([o('ج'), o('غ', 0.3)]); // French soft g: Peugeot بيجو
      } else {
        units.push(LATIN_CONSONANTS[letter]);
      }
      i += 1;
      // a doubled consonant is written once
      while (!vowel && word[i] === letter) i += 1;
    }
  }
  return units;
}

// ----- Arabic → Latin -----

const ARABIC_CONSONANTS: Record<string, Unit> = {
  ب: [o('b'), o('p', 0.5)],
  ت: [o('t')],
  ث: [o('th'), o('t', 0.3)],
  ج: [o('j'), o('dj', 0.2), o('g', 0.3)],
  ح: [o('h')],
  خ: [o('kh')],
  د: [o('d')],
  ذ: [o('dh'), o('d', 0.3)],
  ر: [o('r')],
  ز: [o('z')],
  س: [o('s')],
  ش: [o('ch'), o('sh', 0.1)],
  ص: [o('s')],
  ض: [o('d')],
  ط: [o('t')],
  ظ: [o('z')],
  ع: [o(''), o('a', 0.3)],
  غ: [o('gh'), o('g', 0.2)],
  ف: [o('f'), o('v', 0.4)],
  ق: [o('q'), o('k', 0.2), o('g', 0.3)],
  ك: [o('k'), o('c', 0.3), o('g', 0.4)],
  ل: [o('l')],
  م: [o('m')],
  ن: [o('n')],
  ء: [o('')],
};
const ARABIC_VOWEL_LETTERS = 'اوي';

function arabicUnits(word: string): Unit[] {
  const letters = [...word];
  return letters.map((letter, i) => {
    const previous = letters[i - 1];
    const next = letters[i + 1];
    const afterConsonant = previous !== undefined && !ARABIC_VOWEL_LETTERS.includes(previous);
    if (letter === 'ا') return i === 0 ? [o('a'), o('e', 0.5)] : [o('a')];
    if (letter === 'و') {
      // a vowel after a consonant, or after a yeh that is itself the consonant y (تويوتا)
      return previous !== undefined && previous !== 'ا' && next !== 'ا'
        ? [o('ou'), o('o'), o('u', 0.2), o('w', 0.6)]
        : [o('w'), o('ou', 0.3), o('o', 0.4)];
    }
    if (letter === 'ي') {
      return afterConsonant && next !== 'ا' && next !== 'و'
        ? [o('i'), o('y', 0.3), o('e', 0.4)]
        : [o('y'), o('i', 0.3)];
    }
    if (letter === 'ه' && i === letters.length - 1 && i > 0) {
      return [o('a'), o('e', 0.3), o('h', 0.5)];
    }
    if (letter === 'ن' && i === letters.length - 2 && 'جغك'.includes(next)) return [o('n')];
    if ('جغك'.includes(letter) && previous === 'ن' && i === letters.length - 1) {
      return [o('g'), o('k', 0.5)];
    }
    if (letter === 'ه') return [o('h')];
    return ARABIC_CONSONANTS[letter];
  });
}

// ----- search -----

function cheapest(units: Unit[]): string[] {
  let beam: Option[] = [o('')];
  for (const unit of units) {
    const next = new Map<string, number>();
    for (const partial of beam) {
      for (const option of unit) {
        const text = partial.text + option.text;
        const cost = partial.cost + option.cost;
        if (cost < (next.get(text) ?? Infinity)) next.set(text, cost);
      }
    }
    beam = [...next]
      .map(([text, cost]) => o(text, cost))
      .sort((a, b) => a.cost - b.cost)
      .slice(0, BEAM);
  }
  return beam.map((option) => option.text);
}

const LATIN_WORD = /^[a-z]+$/;
const ARABIC_WORD = /^[\u0621-\u063a\u0641-\u064a]+$/;

/** Likely spellings of `term` (one word, in search form) in the other script; [] if none. */
export function transliterate(term: string): string[] {
  const length = [...term].length;
  if (length < MIN_LETTERS || length > MAX_LETTERS) return [];
  let units: Unit[];
  if (LATIN_WORD.test(term)) units = latinUnits(term);
  else if (ARABIC_WORD.test(term)) units = arabicUnits(term);
  else return [];
  return cheapest(units)
    .filter((candidate) => candidate.length >= 2 && candidate !== term)
    .slice(0, MAX_CANDIDATES);
}
