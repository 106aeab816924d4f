import type { Language } from '../../shared/constants';

// Numbers and dates in the page's language. Mauritania writes Arabic with Western digits, so the
// Arabic locale asks for the Latin numbering system.

export const localeOf = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'fr');

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

export function formatDateTime(date: string | Date, language: Language): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(value);
}

export function formatDate(date: string | Date, language: Language): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' }).format(value);
}
