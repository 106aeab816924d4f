import type { Language } from '../../shared/constants';

// Numbers and dates in the page's language. Mauritania writes Arabic with Western digits, so the
// Arabic locale asks for the Latin numbering system.

export const localeOf = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'fr');

/**
 * Dates and times are the market's (Mauritania: GMT all year), not the machine's: the server and
 * a browser set to another zone would write another day near midnight, and the browser taking
 * over the server's HTML would find it changed (issue 35 item 13).
 */
export const MARKET_TIME_ZONE = 'Africa/Nouakchott';

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

/** The digit-group separators of the two locales' number formats (Intl's own choice). */
const GROUP_SEPARATOR: Record<Language, string> = { ar: ',', fr: '\u202f' };

/**
 * Prices and counts, whole and not negative, are grouped by hand: the same text Intl gives, without
 * making an Intl.NumberFormat, whose first use loads the locale's data (about 40 ms on this
 * machine's CPU slowed 4× as a phone's, in the middle of hydrating the home page's cards). Other
 * numbers (decimals, negatives) go to Intl.
 */
export function formatNumber(value: number, language: Language): string {
  if (Number.isSafeInteger(value) && value >= 0) {
    return String(value).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR[language]);
  }
  return once(numbers, language, (locale) => new Intl.NumberFormat(locale)).format(value);
}

/**
 * A moment (admin lists, a time's tooltip), written the same way in both languages (issue 35 item
 * 17): day, month in words, year, then the time on 24 hours — "5 مارس 2026 في 14:07", "5 mars
 * 2026 à 14:07". (Intl's medium style gave "05/03/2026، 2:07 م" in Arabic, another order and clock.)
 */
export function formatDateTime(date: string | Date, language: Language): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return once(
    dateTimes,
    language,
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'long',
        timeStyle: 'short',
        hourCycle: 'h23',
        timeZone: MARKET_TIME_ZONE,
      }),
  ).format(value);
}

export function formatDate(date: string | Date, language: Language): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return once(
    dates,
    language,
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: MARKET_TIME_ZONE }),
  ).format(value);
}

/** When a rent starts or ends (issue 32 item 7): a day for a monthly rent, a day and hour else. */
export function formatRentMoment(
  date: string,
  unit: 'month' | 'hour' | null,
  language: Language,
): string {
  return unit === 'hour' ? formatDateTime(date, language) : formatDate(date, language);
}
