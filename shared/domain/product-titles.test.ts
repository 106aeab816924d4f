import { describe, expect, it } from 'vitest';
import { placeTitles, titleLanguage } from './product-titles';

describe('titleLanguage: by the letters most of the title is written in', () => {
  it.each([
    ['تويوتا لاند كروزر V8 2012', 'ar'],
    ['Villa à Tevragh Zeina', 'fr'],
    ['Toyota Hilux تويوتا', 'fr'],
    ['2012 !!!', null],
    ['', null],
  ])('%s → %s', (text, language) => {
    expect(titleLanguage(text)).toBe(language);
  });
});

describe('placeTitles (issue 35 item 2)', () => {
  it('stores each title in the field of its language', () => {
    expect(placeTitles('Villa à louer', 'فيلا للإيجار', 'fr')).toEqual({
      titles: { name: 'Villa à louer', name_fr: 'Villa à louer', name_ar: 'فيلا للإيجار' },
    });
    expect(placeTitles(' فيلا للإيجار ', '', 'ar')).toEqual({
      titles: { name: 'فيلا للإيجار', name_ar: 'فيلا للإيجار', name_fr: '' },
    });
  });

  it('moves an Arabic title typed in the French field to the Arabic one, never French', () => {
    expect(placeTitles('فيلا للإيجار', '', 'fr')).toEqual({
      titles: { name: 'فيلا للإيجار', name_ar: 'فيلا للإيجار', name_fr: '' },
    });
    // Both typed in each other's field: each goes where it belongs.
    expect(placeTitles('Villa', 'فيلا', 'ar')).toEqual({
      titles: { name: 'Villa', name_fr: 'Villa', name_ar: 'فيلا' },
    });
  });

  it('keeps a title without letters in its field’s language', () => {
    expect(placeTitles('2012', '', 'fr')).toMatchObject({
      titles: { name_fr: '2012', name_ar: '' },
    });
  });

  it('asks when both titles are in one language, on the misplaced one', () => {
    expect(placeTitles('Villa', 'Maison', 'fr')).toEqual({
      clash: { field: 'name_ar', language: 'fr' },
    });
    expect(placeTitles('فيلا', 'منزل', 'fr')).toEqual({ clash: { field: 'name', language: 'ar' } });
    expect(placeTitles('فيلا', 'منزل', 'ar')).toEqual({
      clash: { field: 'name_fr', language: 'ar' },
    });
    // The same title twice is one title.
    expect(placeTitles('فيلا', 'فيلا', 'fr')).toEqual({
      titles: { name: 'فيلا', name_ar: 'فيلا', name_fr: '' },
    });
  });
});
