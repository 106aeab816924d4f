import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../shared/constants';
import { areas as arAreas } from '../locales/ar';
import { merge, type Dictionary } from '../locales/areas';
import { areas as frAreas } from '../locales/fr';
import { createI18n, loadRestOfDictionary } from './i18n';

const dictionaryAreas: Record<Language, Record<string, Dictionary>> = { ar: arAreas, fr: frAreas };
const dictionaryOf = (language: Language) => merge(dictionaryAreas[language]);

// Every key exists in both languages (DESIGN §9), area by area, with every plural form the
// language needs (Arabic: zero, one, two, few, many, other) and the same interpolated values.

const PLURAL = /_(zero|one|two|few|many|other)$/;

function baseKeys(dictionary: Dictionary): Set<string> {
  const keys = new Set<string>();
  for (const key of Object.keys(dictionary)) {
    const base = key.replace(PLURAL, '');
    keys.add(base !== key && `${base}_other` in dictionary ? base : key);
  }
  return keys;
}

function pluralBases(dictionary: Dictionary): string[] {
  return Object.keys(dictionary)
    .filter((key) => key.endsWith('_other'))
    .map((key) => key.replace(/_other$/, ''));
}

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function variablesOf(dictionary: Dictionary, base: string): string[] {
  const forms = Object.keys(dictionary).filter((k) => k === base || k.startsWith(`${base}_`));
  const found = new Set(forms.flatMap((k) => variables(dictionary[k])));
  return [...found].filter((v) => v !== 'count').sort();
}

const [ar, fr] = LANGUAGES;
const areas = [...new Set(LANGUAGES.flatMap((l) => Object.keys(dictionaryAreas[l])))].sort();

describe('dictionaries', () => {
  it('has dictionaries for both languages', () => {
    expect(areas.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(Object.keys(dictionaryOf(language)).length).toBeGreaterThan(100);
    }
  });

  it.each(areas)('area %s exists in both languages with the same keys', (area) => {
    const arArea = dictionaryAreas[ar][area];
    const frArea = dictionaryAreas[fr][area];
    expect(arArea, `web/locales/ar/${area}.json is missing`).toBeDefined();
    expect(frArea, `web/locales/fr/${area}.json is missing`).toBeDefined();
    const arKeys = baseKeys(arArea);
    const frKeys = baseKeys(frArea);
    expect(
      [...arKeys].filter((k) => !frKeys.has(k)),
      `keys missing from fr/${area}.json`,
    ).toEqual([]);
    expect(
      [...frKeys].filter((k) => !arKeys.has(k)),
      `keys missing from ar/${area}.json`,
    ).toEqual([]);
  });

  it('merged dictionaries have the same keys in both languages', () => {
    const arKeys = baseKeys(dictionaryOf(ar));
    const frKeys = baseKeys(dictionaryOf(fr));
    expect([...arKeys].filter((k) => !frKeys.has(k))).toEqual([]);
    expect([...frKeys].filter((k) => !arKeys.has(k))).toEqual([]);
  });

  it.each(LANGUAGES)('no key of %s is defined in two areas', (language) => {
    const owner = new Map<string, string>();
    const duplicates: string[] = [];
    for (const [area, dictionary] of Object.entries(dictionaryAreas[language])) {
      for (const key of Object.keys(dictionary)) {
        if (owner.has(key)) duplicates.push(`${key} (${owner.get(key)}, ${area})`);
        owner.set(key, area);
      }
    }
    expect(duplicates).toEqual([]);
  });

  it.each(LANGUAGES)('plural keys of %s have every form the language needs', (language) => {
    const dictionary = dictionaryOf(language);
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing = pluralBases(dictionary).flatMap((base) =>
      categories.filter((c) => !(`${base}_${c}` in dictionary)).map((c) => `${base}_${c}`),
    );
    expect(missing).toEqual([]);
  });

  it('Arabic has the six plural forms', () => {
    expect(new Intl.PluralRules('ar').resolvedOptions().pluralCategories.sort()).toEqual(
      ['few', 'many', 'one', 'other', 'two', 'zero'].sort(),
    );
  });

  it('both languages interpolate the same values', () => {
    const dictionaries = { ar: dictionaryOf(ar), fr: dictionaryOf(fr) } as Record<
      Language,
      Dictionary
    >;
    const mismatches = [...baseKeys(dictionaries.ar)].filter(
      (base) =>
        variablesOf(dictionaries.ar, base).join() !== variablesOf(dictionaries.fr, base).join(),
    );
    expect(mismatches).toEqual([]);
  });

  it('has no empty message', () => {
    for (const language of LANGUAGES) {
      const empty = Object.entries(dictionaryOf(language)).filter(([, v]) => !v.trim());
      expect(empty).toEqual([]);
    }
  });
});

describe('translations', () => {
  it('picks the Arabic plural form for each count', () => {
    const i18n = createI18n('ar', dictionaryOf('ar'));
    const t = i18n.t.bind(i18n);
    expect(t('comments_count', { count: 0 })).toBe('لا تعليقات');
    expect(t('comments_count', { count: 1 })).toBe('تعليق واحد');
    expect(t('comments_count', { count: 2 })).toBe('تعليقان');
    expect(t('comments_count', { count: 3 })).toBe('3 تعليقات');
    expect(t('comments_count', { count: 11 })).toBe('11 تعليقًا');
    expect(t('comments_count', { count: 100 })).toBe('100 تعليق');
  });

  it('picks the French plural form for each count', () => {
    const i18n = createI18n('fr', dictionaryOf('fr'));
    expect(i18n.t('comments_count', { count: 1 })).toBe('1 commentaire');
    expect(i18n.t('comments_count', { count: 5 })).toBe('5 commentaires');
  });

  it('fills in values as i18next did: given as undefined, empty; not given, left as written', () => {
    const i18n = createI18n('fr', { hello: 'Bonjour {{name}} ({{place}})' });
    expect(i18n.t('hello', { name: 'Aïcha', place: undefined })).toBe('Bonjour Aïcha ()');
    expect(i18n.t('hello', { name: 0 })).toBe('Bonjour 0 ({{place}})');
    expect(i18n.t('hello')).toBe('Bonjour {{name}} ({{place}})');
  });

  it('shows an unknown key as it is, and `exists` tells them apart', () => {
    const i18n = createI18n('ar', { known: 'معروف' });
    expect(i18n.t('unknown_key')).toBe('unknown_key');
    expect(i18n.exists('known')).toBe(true);
    expect(i18n.exists('unknown_key')).toBe(false);
    expect(i18n.dir()).toBe('rtl');
    expect(i18n.language).toBe('ar');
  });

  it('takes a key without plural forms as it is, whatever the count', () => {
    const i18n = createI18n('fr', {
      total: '{{count}} au total',
      items_other: '{{count}} articles',
    });
    expect(i18n.t('total', { count: 3 })).toBe('3 au total');
    // French 1 is "one": no such form here, so the key itself (absent: shown as it is).
    expect(i18n.t('items', { count: 1 })).toBe('items');
    expect(i18n.t('items', { count: 4 })).toBe('4 articles');
  });

  it('finds the keys of the dictionary part loaded later', async () => {
    document.documentElement.lang = 'fr';
    const i18n = createI18n('fr', {});
    await loadRestOfDictionary();
    // Outside the build both parts hold every key (the split is vite.config.ts's).
    expect(i18n.t('comments_count', { count: 5 })).toBe('5 commentaires');
  });

  it('declares the language and direction on the document', () => {
    createI18n('ar', {});
    expect(document.documentElement.dir).toBe('rtl');
    createI18n('fr', {});
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('has the new ouguiya label and SPEC messages in both languages', () => {
    expect(dictionaryOf('ar').currency).toBe('أوقية جديدة');
    expect(dictionaryOf('fr').currency).toBe('MRU');
    expect(dictionaryOf('fr').number_not_available).toMatch(/plus que le nombre disponible/);
  });
});

describe('the messages a page used (ServerState.messages)', () => {
  it('are every message looked up and found, plural forms as found, nothing unknown', () => {
    const used: Dictionary = {};
    const i18n = createI18n(
      'fr',
      { offers_one: '{{count}} offre', offers_other: '{{count}} offres', title: 'Titre' },
      used,
    );
    expect(i18n.t('title')).toBe('Titre');
    expect(i18n.t('offers', { count: 2 })).toBe('2 offres');
    expect(i18n.t('not_a_key')).toBe('not_a_key');
    expect(used).toEqual({ title: 'Titre', offers_other: '{{count}} offres' });
    // Handed to the browser with the first part, they give the same text.
    const browser = createI18n('fr', { ...used });
    expect(browser.t('offers', { count: 2 })).toBe(i18n.t('offers', { count: 2 }));
  });
});
