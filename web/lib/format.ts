import type { Language } from '../../shared/constants';

// Numbers and dates in the page's language. Mauritania writes Arabic with Western digits, so the
// Arabic locale asks for the Latin numbering system.

export const localeOf = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'fr');

// Making a formatter costs far more than using one (a page of cards formats dozens of prices and
// dates, on the server and while hydrating): one of each kind per language, made once.
const numbers = new Map<Language, Intl.NumberFormat>();
const dateTimes = new Map<Language, Intl.DateTimeFormat>();
const dates = new Map<Language, Intl.DateTimeFormat>();

function once<T>(made: Map<Language, T>, language: Language, make: (locale: string) => T): T {
  let formatter = made.get(language);
  if (!formatter) {
    formatter = make(localeOf(language));
    made.set(language, formatter);
  }
  return formatter;
}

export function formatNumber(value: number, language: Language): string {
  return once(numbers, language, (locale) => new Intl.NumberFormat(locale)).format(value);
}

export function formatDateTime(date: string | Date, language: Language): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return once(
    dateTimes,
    language,
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(value);
}

export function formatDate(date: string | Date, language: Language): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return once(
    dates,
    language,
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }),
  ).format(value);
}
