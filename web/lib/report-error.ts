import { FRONTEND_LOG_MAX_BYTES } from '../../shared/constants';
import { http } from './http';

// The web app reports its own failures to POST /frontends/logs (DESIGN §4), read by staff in the
// admin page's logs tab (SPEC §2): window errors, unhandled promise rejections and the pages the
// error boundary caught. Each distinct message once per page load, at most MAX_REPORTS in all, each
// text within the server's 16 KB (UTF-8), and reporting never throws: it must not become a second
// failure on top of the first.

export const MAX_REPORTS = 10;
/** Characters of the stack kept before measuring: the top frames are the ones that matter. */
export const STACK_MAX_CHARS = 4000;
const MESSAGE_MAX_CHARS = 1000;
const URL_MAX_CHARS = 1000;
const USER_AGENT_MAX_CHARS = 400;

/** Browser noise that says nothing about the app (a layout settled on the next frame). */
const IGNORED = [/^ResizeObserver loop/];

/** `recoverable`: React rendered a part again after a failed hydration (web/main.tsx). */
export type ErrorSource = 'error' | 'unhandledrejection' | 'boundary' | 'recoverable';

export interface ErrorReport {
  message: string;
  stack?: string;
  url: string;
  userAgent: string;
  at: string;
  source: ErrorSource;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Cut at a code point boundary, with an ellipsis when something was cut. */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** The report as JSON text of at most FRONTEND_LOG_MAX_BYTES: the stack shrinks first, then the rest. */
export function reportText(report: ErrorReport, maxBytes = FRONTEND_LOG_MAX_BYTES): string {
  const current = { ...report };
  for (;;) {
    const text = JSON.stringify(current);
    if (utf8Bytes(text) <= maxBytes) return text;
    const longest = (['stack', 'message', 'url', 'userAgent'] as const).reduce((a, b) =>
      (current[a]?.length ?? 0) >= (current[b]?.length ?? 0) ? a : b,
    );
    const length = current[longest]?.length ?? 0;
    if (length <= 1) return JSON.stringify({ message: cut(report.message, 100), at: report.at });
    current[longest] = cut(current[longest]!, Math.floor(length / 2));
  }
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Message and stack of anything thrown (an Error, a string, an object, undefined…). */
export function describe(thrown: unknown): { message: string; stack?: string } {
  if (thrown instanceof Error) {
    const name = thrown.name && thrown.name !== 'Error' ? `${thrown.name}: ` : '';
    return {
      message: `${name}${thrown.message || safeString(thrown)}`,
      stack: typeof thrown.stack === 'string' ? thrown.stack : undefined,
    };
  }
  if (typeof thrown === 'string') return { message: thrown };
  if (thrown && typeof thrown === 'object') {
    try {
      return { message: JSON.stringify(thrown) ?? safeString(thrown) };
    } catch {
      return { message: safeString(thrown) };
    }
  }
  return { message: safeString(thrown) };
}

export interface Reporter {
  /** Reports one failure (or nothing, past the limits); never throws. */
  report: (thrown: unknown, source: ErrorSource) => void;
  /** Listens to the window's errors and unhandled rejections; returns the way to stop. */
  install: (target: Window) => () => void;
}

export function createReporter(
  send: (text: string) => Promise<unknown> = (text) => http.post('/frontends/logs', { text }),
): Reporter {
  const seen = new Set<string>();
  let sent = 0;

  const report = (thrown: unknown, source: ErrorSource) => {
    try {
      if (sent >= MAX_REPORTS) return;
      const { message: raw, stack } = describe(thrown);
      const message = cut(raw || 'unknown', MESSAGE_MAX_CHARS);
      if (seen.has(message) || IGNORED.some((pattern) => pattern.test(message))) return;
      seen.add(message);
      sent += 1;
      const text = reportText({
        message,
        stack: stack ? cut(stack, STACK_MAX_CHARS) : undefined,
        url: cut(window.location.href, URL_MAX_CHARS),
        userAgent: cut(navigator.userAgent, USER_AGENT_MAX_CHARS),
        at: new Date().toISOString(),
        source,
      });
      // A failed report (offline, rate-limited) is dropped: there is nowhere else to send it.
      void send(text).catch(() => {});
    } catch {
      // Reporting must never add a failure of its own.
    }
  };

  const install = (target: Window) => {
    const onError = (event: ErrorEvent) => report(event.error ?? event.message ?? 'error', 'error');
    const onRejection = (event: PromiseRejectionEvent) =>
      report(event.reason, 'unhandledrejection');
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
  };

  return { report, install };
}

/** The page's one reporter. */
const reporter = createReporter();

/** Reports a failure caught by the app itself (the error boundary); never throws. */
export function reportError(thrown: unknown, source: ErrorSource = 'boundary'): void {
  reporter.report(thrown, source);
}

export function installErrorReporting(target: Window = window): () => void {
  return reporter.install(target);
}
