import { describe, expect, it } from 'vitest';
import { LEXICON, SHARED_WORDS } from './entries';
import { expandPhrase, expandTerm, lexiconSearchForm } from './index';

// Arabic letters (hamza to yeh) without tashkeel or tatweel, and spaces.
const ARABIC_WORD = /^[\u0621-\u063a\u0641-\u064a]+( [\u0621-\u063a\u0641-\u064a]+)*$/;
// Latin letters (accented included), digits, inner spaces, hyphens and apostrophes.
const LATIN_WORD = /^[\p{Script=Latin}0-9]+([ '-][\p{Script=Latin}0-9]+)*$/u;

describe('market lexicon data (issue 17 item 2)', () => {
  it('has at least 1,000 groups', () => {
    expect(LEXICON.length).toBeGreaterThanOrEqual(1000);
  });

  it('gives every group an Arabic word and a French or Latin word', () => {
    const lacking = LEXICON.filter((g) => g.ar.length === 0 || g.fr.length + g.latin.length === 0);
    expect(lacking).toEqual([]);
  });

  it('names every brand in Latin letters, the way it is written on the goods', () => {
    expect(LEXICON.filter((g) => g.kind === 'brand' && g.latin.length === 0)).toEqual([]);
  });

  it('writes Arabic words in Arabic letters only and Latin words in Latin letters only', () => {
    const bad = LEXICON.flatMap((g) => [
      ...g.ar.filter((w) => !ARABIC_WORD.test(w)),
      ...[...g.fr, ...g.latin].filter((w) => !LATIN_WORD.test(w)),
    ]);
    expect(bad).toEqual([]);
  });

  it('lists no word twice in a group, even once normalised', () => {
    const repeated = LEXICON.flatMap((g) => {
      const seen = new Set<string>();
      return [...g.ar, ...g.fr, ...g.latin].filter((w) => {
        const form = lexiconSearchForm(w);
        if (seen.has(form)) return true;
        seen.add(form);
        return false;
      });
    });
    expect(repeated).toEqual([]);
  });

  it('puts a word in several groups only when SHARED_WORDS says why', () => {
    const groupsOf = new Map<string, number>();
    for (const g of LEXICON) {
      for (const form of new Set([...g.ar, ...g.fr, ...g.latin].map(lexiconSearchForm))) {
        groupsOf.set(form, (groupsOf.get(form) ?? 0) + 1);
      }
    }
    const shared = [...groupsOf].filter(([, n]) => n > 1).map(([form]) => form);
    expect(shared.filter((form) => !(form in SHARED_WORDS))).toEqual([]);
    // and the allow-list holds no stale entry
    expect(Object.keys(SHARED_WORDS).filter((form) => !shared.includes(form))).toEqual([]);
  });
});

describe('expandTerm', () => {
  const expands = (term: string, ...expected: string[]) =>
    expect(expandTerm(term)).toEqual(expect.arrayContaining(expected));

  it('joins Arabic broken plurals and French words', () => {
    expands('سيارات', 'voiture', 'sayyara');
    expands('voitures', 'سياره');
    expands('هواتف', 'telephone', 'هاتف');
    expands('ثلاجه', 'refrigerateur', 'frigo');
    expands('خرفان', 'mouton', 'خروف');
    expands('شقق', 'appartement');
    expands('اراضي', 'terrain');
    expands('moutons', 'خروف');
  });

  it('joins brands across scripts, misspellings included', () => {
    expands('toyota', 'تويوتا', 'تيوتا');
    expands('تيوتا', 'toyota', 'تويوتا');
    expands('samsung', 'سامسونج');
    expands('سامسونج', 'samsung');
  });

  it('joins local words and places', () => {
    expands('melhfa', 'ملحفه');
    expands('ملحفه', 'melhfa');
    expands('تفرغ زينه', 'tevragh zeina');
    expands('tevragh zeina', 'تفرغ زينه');
  });

  it('leaves the term out and unknown words alone', () => {
    expect(expandTerm('toyota')).not.toContain('toyota');
    expect(expandTerm('xylophone')).toEqual([]);
    expect(expandTerm('')).toEqual([]);
  });
});

describe('expandPhrase', () => {
  it('finds phrases of two or more words, longest first', () => {
    const matches = expandPhrase(['toyota', 'land', 'cruiser', 'a', 'tevragh', 'zeina']);
    expect(matches.map(({ start, length }) => [start, length])).toEqual([
      [1, 2],
      [4, 2],
    ]);
    expect(matches[0].expansions).toContain('لاند كروزر');
    expect(matches[1].expansions).toContain('تفرغ زينه');
  });

  it('reads hyphens as spaces and matches French phrases', () => {
    expect(expandPhrase(['machine', 'a', 'laver'])[0].expansions).toContain('غساله');
    expect(expandPhrase(['x', 'trail'])[0].expansions).toContain('اكس تريل');
  });

  it('finds nothing in single words or unknown phrases', () => {
    expect(expandPhrase(['voiture'])).toEqual([]);
    expect(expandPhrase(['bonne', 'affaire', 'vite'])).toEqual([]);
  });
});
