import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { isLanguage } from '../../shared/domain/language';
import { languageOfQuery } from './page-urls';

// A page's language (DESIGN §3, issue 16) and the dictionary modules the build made for each.

export const LANGUAGE_COOKIE = 'lang';

/**
 * The address's `?lang=` (issue 16: each language's page has its own URL; the cookie is left as
 * it was), else the user's language, else the cookie's, else the first of Accept-Language we
 * speak, else Arabic.
 */
export function resolveLanguage(request: FastifyRequest): Language {
  const asked = languageOfQuery(request.query);
  if (asked) return asked;
  if (request.user?.language && isLanguage(request.user.language)) return request.user.language;
  return visitorLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
}

/** The language of someone not signed in, whose address names none: their cookie's, else… */
export function visitorLanguage(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  return isLanguage(cookie) ? cookie : acceptedLanguage(acceptLanguage ?? '');
}

// Accept-Language as browsers send it, read once each (the kept pages' key asks on every
// request): a few hundred short values at most, the map emptied if ever more.
const ACCEPTED_KEPT = 500;
const ACCEPTED_KEPT_LENGTH = 200;
const accepted = new Map<string, Language>();

/** The first language of an Accept-Language header we speak, else Arabic. */
function acceptedLanguage(header: string): Language {
  const known = accepted.get(header);
  if (known) return known;
  const first = header
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { lang: tag.slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .sort((a, b) => b.q - a.q)
    .find((a) => isLanguage(a.lang));
  const language = first ? (first.lang as Language) : DEFAULT_LANGUAGE;
  if (header.length <= ACCEPTED_KEPT_LENGTH) {
    if (accepted.size >= ACCEPTED_KEPT) accepted.clear();
    accepted.set(header, language);
  }
  return language;
}

/** A language's dictionary modules: its first part, and its rest (web/lib/i18n.ts). */
type DictionaryModules = Record<Language, { first: string[]; rest: string[] }>;

/**
 * Per language, its dictionary's chunks and what they import, from the build's manifest:
 * preloaded with the app's own script (page-boot.ts) instead of after it has run; the second part
 * only for the pages that wait for it. None without a build.
 */
export function dictionaryModules(webDir: string): DictionaryModules {
  const none = { first: [], rest: [] };
  const modules: DictionaryModules = { ar: none, fr: none };
  const file = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return modules;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const filesOf = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, seen);
    return seen;
  };
  for (const lang of LANGUAGES) {
    const first = filesOf(`locales/${lang}.ts`);
    const rest = [...filesOf(`locales/${lang}-rest.ts`)].filter((f) => !first.has(f));
    modules[lang] = { first: [...first].map((f) => `/${f}`), rest: rest.map((f) => `/${f}`) };
  }
  return modules;
}
