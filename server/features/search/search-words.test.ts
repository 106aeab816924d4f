import { describe, expect, it } from 'vitest';
import {
  ftsMatch,
  MAX_SEARCH_WORDS,
  nearestKnownWord,
  searchWords,
  trigramSimilarity,
  tsQuery,
} from './search-words';

describe('search words', () => {
  it('normalises as the index does, and splits on anything but letters and digits', () => {
    expect(searchWords('  Réfrigérateur, SAMSUNG!  ')).toEqual(['refrigerateur', 'samsung']);
    expect(searchWords('سيّارة  أحمد')).toEqual(['سياره', 'احمد']);
    expect(searchWords("c-class l'huile 2.5")).toEqual(['class', 'huile']);
    expect(searchWords('٢٠١٥ تويوتا')).toEqual(['2015', 'تويوتا']);
  });

  it('keeps one-letter words only when nothing longer was typed', () => {
    expect(searchWords('a b')).toEqual(['a', 'b']);
    expect(searchWords('à la plage')).toEqual(['la', 'plage']);
  });

  it('drops repeats and caps the number of words', () => {
    expect(searchWords('toyota Toyota TOYOTA')).toEqual(['toyota']);
    const many = Array.from({ length: 20 }, (_, i) => `mot${i}`).join(' ');
    expect(searchWords(many)).toHaveLength(MAX_SEARCH_WORDS);
  });

  it('leaves no query syntax through', () => {
    expect(searchWords('" OR * NEAR( ) : ^ & | ! \'')).toEqual(['or', 'near']);
    expect(ftsMatch(['toyota', 'hilux'], 'offer')).toBe(
      'search_text : ("toyota"* "hilux"*) AND type : "offer"',
    );
    expect(tsQuery(['toyota', 'سياره'])).toBe('toyota:* & سياره:*');
  });

  it('measures trigram similarity as pg_trgm does, and finds the nearest known word', () => {
    // pg_trgm: similarity('toyata', 'toyota') = 0.4, similarity('hilox', 'hilux') = 0.333…
    expect(trigramSimilarity('toyata', 'toyota')).toBeCloseTo(0.4);
    expect(trigramSimilarity('hilox', 'hilux')).toBeCloseTo(1 / 3);
    expect(trigramSimilarity('toyota', 'toyota')).toBe(1);
    const known = new Map([
      ['toyota', 0.1],
      ['mercedes', 0.05],
      ['telephone', 0.01],
    ]);
    expect(nearestKnownWord('toyata', known, 0.4)).toBe('toyota');
    expect(nearestKnownWord('mersedes', known, 0.4)).toBe('mercedes');
    expect(nearestKnownWord('telefone', known, 0.4)).toBe('telephone');
    expect(nearestKnownWord('hilox', known, 0.4)).toBeUndefined();
  });
});
