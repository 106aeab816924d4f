import { LANGUAGES, type Language } from '../../shared/constants';
import { isLanguage } from '../../shared/domain/language';

// A page's addresses for search engines (issue 16 item 3): its canonical address and one address
// per language. Every page is reachable in both languages by URL: `?lang=ar` or `?lang=fr` picks
// the page's language for that request (resolveLanguage in page-language.ts); without it, the visitor's
// own language (account, cookie, Accept-Language) is used, which is what `x-default` names.

export const LANGUAGE_PARAM = 'lang';

/** Where the built web app's hashed files are served (pages.ts): no page has an address there. */
export const ASSETS_PREFIX = '/assets/';

/** Query parameters that only say where a visitor came from: never part of a page's address. */
const TRACKING =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|igshid|mc_[ce]id|_ga)$/i;

/** The language a page address asks for with `?lang=`, if any. */
export function languageOfQuery(query: unknown): Language | null {
  if (!query || typeof query !== 'object') return null;
  const value = (query as Record<string, unknown>)[LANGUAGE_PARAM];
  return isLanguage(value) ? value : null;
}

/**
 * The page's canonical address: `pageUrl` without its fragment, tracking parameters or an unknown
 * `lang`, with its path replaced by `path` when given (an offer reached through a notification
 * has one address). A `lang` that names a language stays: each language's page is its own.
 */
export function canonicalUrl(pageUrl: string, path?: string): string {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return pageUrl;
  }
  if (path) url.pathname = path;
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    if (TRACKING.test(key)) url.searchParams.delete(key);
  }
  const lang = url.searchParams.getAll(LANGUAGE_PARAM);
  if (lang.length !== 1 || !isLanguage(lang[0])) url.searchParams.delete(LANGUAGE_PARAM);
  return url.toString();
}

/** The address of the same page in `language`, or (null) in the visitor's own language. */
export function languageUrl(url: string, language: Language | null): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (language) parsed.searchParams.set(LANGUAGE_PARAM, language);
  else parsed.searchParams.delete(LANGUAGE_PARAM);
  return parsed.toString();
}

/** The hreflang alternates of a page: one per language, and x-default without `lang`. */
export function alternateUrls(url: string): { hreflang: Language | 'x-default'; href: string }[] {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: languageUrl(url, language) })),
    { hreflang: 'x-default' as const, href: languageUrl(url, null) },
  ];
}

/** A file or page address as an absolute one (media may already live on another host). */
export function absoluteUrl(publicUrl: string, url: string | null | undefined): string | null {
  if (!url) return null;
  return /^https?:\/\//i.test(url) ? url : publicUrl + url;
}

/**
 * A local path (path, query, fragment) without its `lang`: where the language switch sends the
 * visitor back, so that the address does not override the language just chosen. Only the query
 * is touched.
 */
export function withoutLanguageParam(local: string): string {
  const hashAt = local.indexOf('#');
  const hash = hashAt < 0 ? '' : local.slice(hashAt);
  const rest = hashAt < 0 ? local : local.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  if (queryAt < 0) return local;
  const params = new URLSearchParams(rest.slice(queryAt + 1));
  if (!params.has(LANGUAGE_PARAM)) return local;
  params.delete(LANGUAGE_PARAM);
  const query = params.toString();
  return rest.slice(0, queryAt) + (query ? `?${query}` : '') + hash;
}
