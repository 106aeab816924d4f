// The one HTTP client of DESIGN §9 and SPEC §1/§7: every request is marked as made by script and
// carries the XSRF token read from its cookie; no timeout; 2xx is success; a 401 sends the browser
// to the site root (the caller never sees it); every other failure reaches the caller as an
// HttpError with the server's `errors` object (field → message keys, `global` for the rest).
import { loadRestOfDictionary } from './i18n';

export type Errors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: Errors,
  ) {
    super(`HTTP ${status}: ${Object.values(errors).flat().join(', ')}`);
    this.name = 'HttpError';
  }
}

export type Body = FormData | Record<string, unknown> | unknown[] | undefined;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Upload progress from 0 to 1 (multipart uploads); switches the transport to XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
  /** The request outlives the page (fetch keepalive): fire-and-forget events sent on a tap. */
  keepalive?: boolean;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

/** What `request` reads of an answer: the browser's Response, or the server's own (page-data.ts). */
export type TransportAnswer = Pick<Response, 'status' | 'text'>;
/** How requests reach the server: the browser's fetch, or the server itself while it renders. */
export type Transport = (url: string, init: RequestInit) => Promise<TransportAnswer>;
let transport: Transport = (url, init) => fetch(url, init);

/** Server rendering answers the page's requests in-process (web/entry-server.tsx). */
export function setTransport(next: Transport) {
  transport = next;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function headersFor(body: Body): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = readCookie(XSRF_COOKIE);
  if (token) headers['X-XSRF-TOKEN'] = token;
  // FormData sets its own multipart boundary.
  if (body !== undefined && !(body instanceof FormData))
    headers['Content-Type'] = 'application/json';
  return headers;
}

function encode(body: Body): FormData | string | undefined {
  if (body === undefined || body instanceof FormData) return body;
  return JSON.stringify(body);
}

function errorsOf(status: number, payload: unknown): Errors {
  const errors = (payload as { errors?: unknown } | null)?.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) return errors as Errors;
  return { global: [status >= 500 ? 'server_error' : 'unknown_error'] };
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A promise that never settles: the page is going away, nothing should react to this call. */
function leaveForRoot(): Promise<never> {
  window.location.assign('/');
  return new Promise<never>(() => {});
}

function settle<T>(status: number, text: string): Promise<T> {
  // While the server renders there is no page to leave: the page shows the error instead.
  if (status === 401 && typeof window !== 'undefined') return leaveForRoot();
  const payload = parse(text);
  if (status >= 200 && status < 300) return Promise.resolve(payload as T);
  // The server's message keys may be anywhere in the dictionary: its whole is here first.
  const errors = errorsOf(status, payload);
  return loadRestOfDictionary().then(
    () => Promise.reject(new HttpError(status, errors)),
    () => Promise.reject(new HttpError(status, errors)),
  );
}

function withXhr<T>(method: string, url: string, body: Body, options: RequestOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [key, value] of Object.entries(headersFor(body))) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => settle<T>(xhr.status, xhr.responseText).then(resolve, reject);
    xhr.onerror = () => reject(new HttpError(0, { global: ['network_error'] }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(encode(body) ?? null);
  });
}

export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: Body,
  options: RequestOptions = {},
): Promise<T> {
  if (options.onUploadProgress) return withXhr<T>(method, url, body, options);
  let response: TransportAnswer;
  try {
    response = await transport(url, {
      method,
      headers: headersFor(body),
      body: encode(body),
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError(0, { global: ['network_error'] });
  }
  return settle<T>(response.status, await response.text());
}

export const http = {
  get: <T = unknown>(url: string, options?: RequestOptions) =>
    request<T>('GET', url, undefined, options),
  post: <T = unknown>(url: string, body?: Body, options?: RequestOptions) =>
    request<T>('POST', url, body, options),
  put: <T = unknown>(url: string, body?: Body, options?: RequestOptions) =>
    request<T>('PUT', url, body, options),
  delete: <T = unknown>(url: string, body?: Body, options?: RequestOptions) =>
    request<T>('DELETE', url, body, options),
};
