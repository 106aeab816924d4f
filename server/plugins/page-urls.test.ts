import { describe, expect, it } from 'vitest';
import { alternateUrls, canonicalUrl, languageOfQuery, withoutLanguageParam } from './page-urls';

// A page's canonical address and its language alternates (issue 16 item 3).

const URL = 'https://souq.example.mr';

describe('canonicalUrl', () => {
  it('drops tracking parameters and the fragment, keeps the rest in order', () => {
    expect(
      canonicalUrl(`${URL}/search?UTM_Source=wa&q=toyota&fbclid=1&type=offer&gclid=2&msclkid=3#x`),
    ).toBe(`${URL}/search?q=toyota&type=offer`);
  });

  it('keeps one lang that names a language, drops any other', () => {
    expect(canonicalUrl(`${URL}/market?lang=fr`)).toBe(`${URL}/market?lang=fr`);
    expect(canonicalUrl(`${URL}/market?lang=en`)).toBe(`${URL}/market`);
    expect(canonicalUrl(`${URL}/market?lang=ar&lang=fr`)).toBe(`${URL}/market`);
  });

  it('replaces the path when the page has one address', () => {
    expect(canonicalUrl(`${URL}/products/product/4/n-1?lang=ar`, '/products/product/4')).toBe(
      `${URL}/products/product/4?lang=ar`,
    );
  });
});

describe('alternateUrls', () => {
  it('one per language and x-default without lang', () => {
    expect(alternateUrls(`${URL}/search?q=a+b&lang=fr`)).toEqual([
      { hreflang: 'ar', href: `${URL}/search?q=a+b&lang=ar` },
      { hreflang: 'fr', href: `${URL}/search?q=a+b&lang=fr` },
      { hreflang: 'x-default', href: `${URL}/search?q=a+b` },
    ]);
  });
});

describe('languageOfQuery', () => {
  it('a language only when lang names one', () => {
    expect(languageOfQuery({ lang: 'fr' })).toBe('fr');
    expect(languageOfQuery({ lang: ['fr', 'ar'] })).toBeNull();
    expect(languageOfQuery({ lang: 'FR' })).toBeNull();
    expect(languageOfQuery(undefined)).toBeNull();
  });
});

describe('withoutLanguageParam', () => {
  it('drops lang from the query only, keeps the rest', () => {
    expect(withoutLanguageParam('/search?q=a&lang=fr#top')).toBe('/search?q=a#top');
    expect(withoutLanguageParam('/market?lang=ar')).toBe('/market');
    expect(withoutLanguageParam('/market#lang=ar')).toBe('/market#lang=ar');
    expect(withoutLanguageParam('/products/product/1')).toBe('/products/product/1');
    expect(withoutLanguageParam('/search?q=x%20y&page=2')).toBe('/search?q=x%20y&page=2');
  });
});
