import {
  DEFAULT_LANGUAGE,
  MAX_FILE_BYTES,
  MAX_FILES_PER_PRODUCT,
  SAVED_SEARCHES_MAX_NEW_ACCOUNT,
  SAVED_SEARCHES_MAX_PER_USER,
  PASSWORD_MIN_LENGTH,
  type Language,
} from '../../shared/constants';
import { directionOf, isLanguage } from '../../shared/domain/language';
import type { Dictionary } from '../locales/areas';
import { onFirstInput } from './first-input';

// The page's language is the one the server declared in <html lang> (SPEC §1, DESIGN §3). Its
// dictionary (web/locales/<lang>/*.json, merged) is a chunk of its own: a page loads one language.
// The build splits it in two (scripts/first-view-dictionary.ts): what the shell and the home page
// show comes first (web/locales/<lang>.ts); the rest (<lang>-rest.ts) before any other page or part
// loaded later (`afterDictionary`), or at the visitor's first touch or key.
// Messages are looked up and filled in here (docs/decisions.md "Translations without i18next"):
// flat keys, `{{name}}` values, plural forms `key_<category>` chosen by Intl.PluralRules.

const loaders: Record<Language, () => Promise<{ dictionary: Dictionary }>> = {
  ar: () => import('../locales/ar'),
  fr: () => import('../locales/fr'),
};

const restLoaders: Record<Language, () => Promise<{ dictionary: Dictionary }>> = {
  ar: () => import('../locales/ar-rest'),
  fr: () => import('../locales/fr-rest'),
};

/** The second part of each language's dictionary, once loaded (read by every `t`). */
const rest: Partial<Record<Language, Dictionary>> = {};
/** Told when the second part arrives (web/lib/use-translation.tsx renders the app again). */
const restListeners = new Set<() => void>();
let restVersion = 0;
/** Whether a message was shown as its key for want of the rest (then the app renders again). */
let missed = false;

/** A listener for the arrival of the dictionary's second part (for useSyncExternalStore). */
export function subscribeRestOfDictionary(listener: () => void): () => void {
  restListeners.add(listener);
  return () => restListeners.delete(listener);
}

/** How many times the rest arrived after a message was missing (always 0 on the server). */
export const restOfDictionaryVersion = () => restVersion;

/**
 * Whether the page the server rendered came with the messages it showed (`ServerState.messages`)
 * and the visitor has not acted yet: parts loaded now render what the server rendered, with those
 * messages, and need not wait for the rest of the dictionary (`afterDictionary`).
 */
let serverMessagesOnly = false;

/** Whether the page is still the server's, with its messages, and the visitor has not acted. */
export const serverMessagesOnlyNow = () => serverMessagesOnly;

/** Set by the start-up code for a page the server rendered with its messages. */
export function keepServerMessagesUntilInput() {
  serverMessagesOnly = true;
  onFirstInput(() => {
    serverMessagesOnly = false;
  });
}
/**
 * Whether the page's messages include the dictionary's first part. Not on a first view of islands
 * (web/islands.tsx), which starts with the messages the server used only: the first part then
 * comes with the rest.
 */
let firstPartInPage = true;

/** Set by the islands' start-up: the first part of the dictionary comes with the rest. */
export function firstPartWithRest() {
  firstPartInPage = false;
}

/** Each language's part on its way (a test, or a page, may ask for either). */
const restLoading: Partial<Record<Language, Promise<void>>> = {};

/**
 * The page language's whole dictionary. On the server (no document) there is nothing to load: its
 * build's dictionary is whole.
 */
export function loadRestOfDictionary(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const language = currentLanguage();
  restLoading[language] ??= Promise.all([
    restLoaders[language](),
    firstPartInPage ? null : loaders[language](),
  ]).then(
    ([part, first]) => {
      rest[language] = first ? { ...first.dictionary, ...part.dictionary } : part.dictionary;
      // Only if a message was missing: otherwise nothing on screen changes, and rendering the
      // whole app again at the visitor's first tap would slow the answer to that tap.
      if (missed) {
        missed = false;
        restVersion += 1;
        for (const listener of restListeners) listener();
      }
    },
    (error: unknown) => {
      // Offline, say: asked again next time.
      delete restLoading[language];
      throw error;
    },
  );
  return restLoading[language];
}

/** `module` once the whole dictionary is here too: for code loaded after the first view. */
export async function afterDictionary<T>(module: Promise<T>): Promise<T> {
  if (serverMessagesOnly) return module;
  const [loaded] = await Promise.all([module, loadRestOfDictionary()]);
  return loaded;
}

/** The rest of the dictionary loads at the visitor's first touch, click or key, if not before. */
export function loadRestOfDictionaryOnInput() {
  onFirstInput(() => void loadRestOfDictionary());
}

export { isLanguage, directionOf };

export function currentLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export const otherLanguage = (language: Language): Language => (language === 'ar' ? 'fr' : 'ar');

const loading: Partial<Record<Language, Promise<Dictionary>>> = {};

/**
 * The first part of a language's dictionary, imported once: the server renders with it on every
 * request, and even an import already done costs a module resolution each time (about 1 ms a
 * request under the bench's loader). A failed import (offline) is tried again next time.
 */
export function loadDictionary(language: Language): Promise<Dictionary> {
  loading[language] ??= loaders[language]().then(
    (module) => module.dictionary,
    (error: unknown) => {
      delete loading[language];
      throw error;
    },
  );
  return loading[language];
}

/** Values every message may interpolate (limits named in SPEC §9). */
export const MESSAGE_LIMITS = {
  min: PASSWORD_MIN_LENGTH,
  max_files: MAX_FILES_PER_PRODUCT,
  max_mb: MAX_FILE_BYTES / (1024 * 1024),
  max_saved_searches: SAVED_SEARCHES_MAX_PER_USER,
  max_saved_searches_new: SAVED_SEARCHES_MAX_NEW_ACCOUNT,
};

/** A message's values (`{{name}}`), and `count`, which also picks its plural form. */
export type MessageValues = { count?: number } & Record<string, unknown>;

/** A message in the page's language; an unknown key is shown as it is. */
export type TFunction = (key: string, values?: MessageValues) => string;

/** The page's language and its messages (what components get from `useTranslation`). */
export interface I18n {
  language: Language;
  t: TFunction;
  /** Whether the dictionary has this key (as written: no plural form is added). */
  exists(key: string): boolean;
  dir(): 'rtl' | 'ltr';
}

const VALUE = /\{\{(\w+)\}\}/g;

/**
 * `{{name}}` replaced by its value; a value given as undefined (or null) is left empty, one not
 * given at all leaves the placeholder as it is (as i18next did).
 */
function fill(text: string, values: MessageValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(VALUE, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** One Intl.PluralRules a language: making one took 2 % of a signed-in page's first load. */
const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralRulesOf(language: Language): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
}

/**
 * `used`: filled with every message looked up and found (the server renderer hands the page those,
 * so that the browser hydrates it without the rest of the dictionary). In the browser, a message
 * not found (by `t`, shown as its key, or by `exists`) loads the rest of the dictionary, and the
 * app renders again when it arrives.
 */
export function createI18n(language: Language, dictionary: Dictionary, used?: Dictionary): I18n {
  const plurals = pluralRulesOf(language);
  const message = (key: string): string | undefined => {
    let found: string | undefined;
    if (Object.hasOwn(dictionary, key)) found = dictionary[key];
    else {
      const later = rest[language];
      if (later && Object.hasOwn(later, key)) found = later[key];
    }
    if (used && found !== undefined) used[key] = found;
    return found;
  };
  /** A message not found in the browser before the rest arrived: it may be there. */
  const notFound = () => {
    if (typeof document === 'undefined' || rest[language]) return;
    missed = true;
    void loadRestOfDictionary().catch(() => undefined);
  };
  const has = (key: string) => {
    const found = message(key) !== undefined;
    if (!found) notFound();
    return found;
  };
  const t: TFunction = (key, values) => {
    const count = values?.count;
    let found: string | undefined;
    if (typeof count === 'number') {
      // 0 may have a form of its own (`_zero`) in any language; then the language's category.
      if (count === 0) found = message(`${key}_zero`);
      found ??= message(`${key}_${plurals.select(count)}`);
    }
    found ??= message(key);
    if (found === undefined) notFound();
    return fill(found ?? key, values);
  };
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
  return { language, t, exists: has, dir: () => directionOf(language) };
}
