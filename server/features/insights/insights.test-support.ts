/** A phone browser's user agent: requests that should count send it (tests' default is none). */
export const BROWSER =
  'Mozilla/5.0 (Linux; Android 13; SM-A515F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
