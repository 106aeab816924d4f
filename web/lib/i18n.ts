import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  MAX_FILE_BYTES,
  MAX_FILES_PER_PRODUCT,
  SAVED_SEARCHES_MAX_PER_USER,
  PASSWORD_MIN_LENGTH,
  type Language,
} from '../../shared/constants';
import { directionOf, isLanguage } from '../../shared/domain/language';
import type { Dictionary } from '../locales/areas';

// The page's language is the one the server declared in <html lang> (SPEC §1, DESIGN §3). Its
// dictionary (web/locales/<lang>/*.json, merged) is a chunk of its own: a page loads one language.

const loaders: Record<Language, () => Promise<{ dictionary: Dictionary }>> = {
  ar: () => import('../locales/ar'),
  fr: () => import('../locales/fr'),
};

export { isLanguage, directionOf };

export function currentLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export const otherLanguage = (language: Language): Language => (language === 'ar' ? 'fr' : 'ar');

export async function loadDictionary(language: Language): Promise<Dictionary> {
  return (await loaders[language]()).dictionary;
}

/** Values every message may interpolate (limits named in SPEC §9). */
export const MESSAGE_LIMITS = {
  min: PASSWORD_MIN_LENGTH,
  max_files: MAX_FILES_PER_PRODUCT,
  max_mb: MAX_FILE_BYTES / (1024 * 1024),
  max_saved_searches: SAVED_SEARCHES_MAX_PER_USER,
};

export function createI18n(language: Language, dictionary: Dictionary): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: dictionary } },
    // Flat keys: a dot or colon in a key is just a character.
    keySeparator: false,
    nsSeparator: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
  return instance;
}
