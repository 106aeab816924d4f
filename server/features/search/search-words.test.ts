import { describe, expect, it } from 'vitest';
import { queryTerms } from '../../../shared/domain/search-terms';
import { ftsMatch, tsQuery } from './search-words';

describe('search words as text queries', () => {
  const plain = (word: string) => ({ word, stem: word, lexicon: [], transliterations: [] });

  it('exact tier: every word a prefix of the text as written, and the type', () => {
    expect(ftsMatch([plain('toyota'), plain('hilux')], 'exact', 'offer')).toBe(
      '(search_text : "toyota"*) AND (search_text : "hilux"*) AND type : "offer"',
    );
    expect(tsQuery([plain('toyota'), plain('سياره')], 'exact')).toBe('(toyota:*A) & (سياره:*A)');
  });

  it('later tiers add stems, lexicon words (phrases: all their words) and transliterations', () => {
    const w = {
      word: 'غسالات',
      stem: 'غسال',
      lexicon: [['machin', 'laver']],
      transliterations: ['ghassal'],
      typos: ['غسيل'],
    };
    expect(ftsMatch([w], 'stem', 'demand')).toBe(
      '(search_text : "غسالات"* OR search_stems : ("غسال")) AND type : "demand"',
    );
    expect(tsQuery([w], 'typo')).toBe(
      '(غسالات:*A | (غسال:B) | (machin:B & laver:B) | (غسال:BC) | (machin:BC & laver:BC) |' +
        ' (ghassal:BC) | (غسيل:BC))',
    );
  });

  it('leaves no query syntax through', () => {
    const words = queryTerms('" OR * NEAR( ) : ^ & | ! \'');
    expect(words.map((w) => w.word)).toEqual(['or', 'near']);
    expect(ftsMatch(words, 'exact', 'offer')).toBe(
      '(search_text : "or"*) AND (search_text : "near"*) AND type : "offer"',
    );
    expect(tsQuery(words, 'exact')).toBe('(or:*A) & (near:*A)');
  });
});
