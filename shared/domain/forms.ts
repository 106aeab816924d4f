// Forms that work before the scripts arrive (issue 35 item 1, DESIGN §12): what the server and the
// web app agree on. The server renders a form with its XSRF token in a hidden field; if the form
// is posted before the app has taken it over, the server answers it as the app would have, and a
// refusal comes back as the same page with the errors and what was typed — never the secrets.

/** The hidden field that carries the XSRF token of a form posted without scripts. */
export const XSRF_FIELD = '_xsrf';

/** A form the server received without scripts, as its page shows it again. */
export interface PostedForm {
  /** The path the form was posted to (the page's own path). */
  action: string;
  /** What was typed, by field name, passwords left out. */
  values: Record<string, string>;
  /** DESIGN §3's errors object: message keys by field, `global` for the rest. */
  errors: Record<string, string[]>;
}

/** What a server-rendered page needs to make its forms work without scripts. */
export interface FormState {
  /** The visitor's XSRF token, for the hidden field. */
  xsrf: string;
  /** The form posted without scripts that this page answers, if any. */
  posted: PostedForm | null;
}

// A key that names a secret: passwords, one-time codes, tokens, keys. Its value is never shown
// again in a form, and never written to the log from a query string.
const SECRET_KEY = /pass|secret|token|code|otp|pin|key|_xsrf/i;

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/**
 * A field never written back into a page: passwords and the token. (A one-time code is: the reset
 * form's second step carries it on, to the person who typed it, never in an address or a log.)
 */
export const isUnechoed = (key: string): boolean => key === XSRF_FIELD || /pass/i.test(key);

/**
 * `url` with the value of every secret-looking query key replaced (for the log): a password that a
 * broken or old page sent in the address must not be written down.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url.slice(mark + 1);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawKey = equals === -1 ? pair : pair.slice(0, equals);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A key that does not decode is judged as it is written.
      }
      return equals !== -1 && isSecretKey(key) ? `${rawKey}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${redacted}`;
}
