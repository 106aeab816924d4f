// One same-origin check for every redirect target taken from a request (issue 14 item 9): the
// sign-in page's `next`, the language switch's Referer. Browsers are lenient with URLs: they drop
// tabs and newlines, read `\` as `/`, and take `//host` (or `/\host`) as another site. A target is
// accepted only when it is plainly a path on this site, in every decoded form.

const MAX_LENGTH = 2048;
/** Control characters: browsers drop tabs and newlines anywhere in a URL, changing its meaning. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const BASE = 'http://same-origin.invalid';

function unsafe(form: string): boolean {
  const path = form.split(/[?#]/, 1)[0];
  return (
    !form.startsWith('/') ||
    CONTROL.test(form) ||
    // `//host` and `/\host` name another site; a backslash in the path reads as a slash.
    path.startsWith('//') ||
    path.includes('\\') ||
    // What a browser would make of it: still this origin?
    new URL(form, BASE).origin !== BASE
  );
}

/**
 * `value` when it is a path on this site (`/market?q=1`), else null. Refused: anything not
 * starting with one `/`; control characters anywhere, `//` at the start or a backslash in the
 * path, raw or percent-encoded (`/%09/evil.example`, `/%2F/evil.example`, `/%5Cevil.example`);
 * absolute URLs, even of this site (callers turn those into paths first).
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_LENGTH) return null;
  let form = value;
  // Decoded again and again: a target may be decoded once more by whoever follows it.
  for (let round = 0; round < 4; round++) {
    if (unsafe(form)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return null;
    }
    if (decoded === form) return value;
    form = decoded;
  }
  return null;
}

/**
 * The path (with query and fragment) of an absolute URL on one of `origins`, checked as above; null
 * for another site or anything unsafe. For a Referer.
 */
export function localPathOfUrl(url: string | undefined, hosts: string[]): string | null {
  if (!url || url.length > MAX_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!hosts.includes(parsed.host) || !/^https?:$/.test(parsed.protocol)) return null;
  return safeLocalPath(parsed.pathname + parsed.search + parsed.hash);
}
