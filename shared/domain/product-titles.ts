import type { Language } from '../constants';

// Issue 35 item 2: an offer has one title per language (SPEC §3's name_ar and name_fr; `name`
// stays the one every answer carries). The post form asks for the interface language's title
// (required) and the other one (optional), and stores what is typed in the field of the language
// it is written in: an Arabic title typed in the French field is an Arabic title, never shown as
// French on the French page.

const ARABIC_LETTER = /\p{Script=Arabic}/u;
const LETTER = /\p{L}/u;

/**
 * The language a title is written in: Arabic when most of its letters are Arabic ("تويوتا لاند
 * كروزر V8" is Arabic), French for other letters; null for a title without letters ("2012").
 */
export function titleLanguage(text: string): Language | null {
  let arabic = 0;
  let other = 0;
  for (const character of text) {
    if (!LETTER.test(character)) continue;
    if (ARABIC_LETTER.test(character)) arabic += 1;
    else other += 1;
  }
  if (arabic === 0 && other === 0) return null;
  return arabic >= other ? 'ar' : 'fr';
}

export const otherLanguage = (language: Language): Language => (language === 'ar' ? 'fr' : 'ar');

export interface PlacedTitles {
  name: string;
  name_ar: string;
  name_fr: string;
}

/** The form field whose title is in the same language as the other title: the form asks. */
export interface TitleClash {
  field: 'name' | 'name_ar' | 'name_fr';
  /** The language both titles are written in. */
  language: Language;
}

/**
 * The two titles of the post form placed by their letters: `main` was typed in the field of the
 * interface's `language` (sent as `name`), `other` in the other language's field. A title without
 * letters stays in its field's language. Two titles in the same language cannot both be stored:
 * the answer is then the clash, on the field whose title is not in its field's language.
 */
export function placeTitles(
  main: string,
  other: string,
  language: Language,
): { titles: PlacedTitles } | { clash: TitleClash } {
  const first = main.trim();
  const second = other.trim();
  const firstLanguage = titleLanguage(first) ?? language;
  const titles: PlacedTitles = { name: first, name_ar: '', name_fr: '' };
  titles[`name_${firstLanguage}`] = first;
  if (!second || second === first) return { titles };
  const secondLanguage = titleLanguage(second) ?? otherLanguage(language);
  if (secondLanguage === firstLanguage) {
    const field =
      firstLanguage === language ? (`name_${otherLanguage(language)}` as const) : 'name';
    return { clash: { field, language: firstLanguage } };
  }
  titles[`name_${secondLanguage}`] = second;
  return { titles };
}
