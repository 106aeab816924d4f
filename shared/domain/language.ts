import { LANGUAGES, type Language } from '../constants';

// SPEC §1: the site speaks Arabic (right to left) and French (left to right). One check of a
// language code and one rule for the page's direction, for the server's page shell and the web.

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The page's writing direction in a language. */
export const directionOf = (language: Language): 'rtl' | 'ltr' =>
  language === 'ar' ? 'rtl' : 'ltr';

/**
 * Issue 35 item 17: how a list is written in running text. Arabic separates with its own comma
 * "،" (U+060C), never the Latin one; French with ", ".
 */
export const LIST_SEPARATOR: Record<Language, string> = { ar: '\u060c ', fr: ', ' };

/** `items` as one phrase of the language ("أعجبني 1، تفاعل واحد"; "Sebkha, Nouakchott"). */
export function joinList(items: readonly string[], language: Language): string {
  return items.join(LIST_SEPARATOR[language]);
}
