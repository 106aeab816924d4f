import { LANGUAGES, type Language } from '../constants';

// SPEC §1: the site speaks Arabic (right to left) and French (left to right). One check of a
// language code and one rule for the page's direction, for the server's page shell and the web.

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The page's writing direction in a language. */
export const directionOf = (language: Language): 'rtl' | 'ltr' =>
  language === 'ar' ? 'rtl' : 'ltr';
