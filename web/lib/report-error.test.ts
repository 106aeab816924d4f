import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRONTEND_LOG_MAX_BYTES } from '../../shared/constants';
import {
  createReporter,
  describe as describeThrown,
  MAX_REPORTS,
  reportText,
} from './report-error';

const bytes = (text: string) => new TextEncoder().encode(text).length;

function setUp() {
  const sent: string[] = [];
  const send = vi.fn(async (text: string) => {
    sent.push(text);
  });
  const reporter = createReporter(send);
  const uninstall = reporter.install(window);
  cleanups.push(uninstall);
  return { reporter, send, sent, reports: () => sent.map((text) => JSON.parse(text)) };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  vi.unstubAllGlobals();
});

function throwInWindow(error: unknown, message = 'boom') {
  window.dispatchEvent(new ErrorEvent('error', { error, message }));
}

function rejectInWindow(reason: unknown) {
  // jsdom has no PromiseRejectionEvent constructor: an Event with the same shape.
  const event = Object.assign(new Event('unhandledrejection'), { reason, promise: null });
  window.dispatchEvent(event);
}

describe('error reporting', () => {
  it('reports a window error as JSON text: message, stack, url, user agent, time', () => {
    const { reports } = setUp();
    const error = new TypeError('x is not a function');
    throwInWindow(error);
    const [report] = reports();
    expect(report).toMatchObject({
      message: 'TypeError: x is not a function',
      url: window.location.href,
      userAgent: navigator.userAgent,
      source: 'error',
    });
    expect(report.stack).toContain('x is not a function');
    expect(new Date(report.at).toISOString()).toBe(report.at);
  });

  it('reports unhandled rejections, whatever was rejected', () => {
    const { reports } = setUp();
    rejectInWindow(new Error('lost promise'));
    rejectInWindow('a plain string');
    rejectInWindow({ code: 42 });
    rejectInWindow(undefined);
    expect(reports().map((r) => [r.message, r.source])).toEqual([
      ['lost promise', 'unhandledrejection'],
      ['a plain string', 'unhandledrejection'],
      ['{"code":42}', 'unhandledrejection'],
      ['undefined', 'unhandledrejection'],
    ]);
  });

  it('reports a cross-origin "Script error." (no error object) by its message', () => {
    const { reports } = setUp();
    throwInWindow(null, 'Script error.');
    expect(reports()[0].message).toBe('Script error.');
  });

  it('sends each distinct message once per page load', () => {
    const { send, reporter } = setUp();
    throwInWindow(new Error('same'));
    throwInWindow(new Error('same'));
    reporter.report(new Error('same'), 'boundary');
    rejectInWindow(new Error('other'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it(`sends at most ${MAX_REPORTS} reports per page load`, () => {
    const { send } = setUp();
    for (let i = 0; i < 25; i += 1) throwInWindow(new Error(`error ${i}`));
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS);
  });

  it('ignores the browser noise of ResizeObserver', () => {
    const { send } = setUp();
    throwInWindow(null, 'ResizeObserver loop completed with undelivered notifications.');
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the text within the server limit, even with a huge multi-byte stack', () => {
    const { sent } = setUp();
    const error = new Error('خطأ كبير '.repeat(500));
    error.stack = '𝔰𝔱𝔞𝔠𝔨 ☃ خطأ\n'.repeat(20_000);
    throwInWindow(error);
    expect(bytes(sent[0])).toBeLessThanOrEqual(FRONTEND_LOG_MAX_BYTES);
    const report = JSON.parse(sent[0]);
    expect(report.message.startsWith('خطأ كبير')).toBe(true);
    expect(report.stack.length).toBeGreaterThan(100);
  });

  it('shrinks the longest part first and always answers JSON within the limit', () => {
    const report = {
      message: 'm',
      stack: 's'.repeat(10_000),
      url: 'http://x/',
      userAgent: 'ua',
      at: '2026-01-01T00:00:00.000Z',
      source: 'error' as const,
    };
    const text = reportText(report, 2000);
    expect(bytes(text)).toBeLessThanOrEqual(2000);
    expect(JSON.parse(text)).toMatchObject({ message: 'm', url: 'http://x/', userAgent: 'ua' });
    // Control characters grow six-fold in JSON: still within the limit.
    const escaped = reportText({ ...report, stack: '\u0001'.repeat(10_000) }, 2000);
    expect(bytes(escaped)).toBeLessThanOrEqual(2000);
  });

  it('never throws: a failing send, a throwing toString, a rejected report', async () => {
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    const reporter = createReporter(send);
    const hostile = {
      toString() {
        throw new Error('no');
      },
      toJSON() {
        throw new Error('no');
      },
    };
    expect(() => reporter.report(hostile, 'boundary')).not.toThrow();
    expect(() => reporter.report(new Error('fine'), 'boundary')).not.toThrow();
    const synchronous = createReporter(() => {
      throw new Error('send exploded');
    });
    expect(() => synchronous.report(new Error('x'), 'boundary')).not.toThrow();
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('posts to /frontends/logs through the app client by default', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    createReporter().report(new Error('sent for real'), 'boundary');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/frontends/logs');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('xsrf-value');
    const body = JSON.parse(init.body as string);
    expect(JSON.parse(body.text).message).toBe('sent for real');
  });

  it('describes errors with their class name, and other values as text', () => {
    expect(describeThrown(new RangeError('r')).message).toBe('RangeError: r');
    expect(describeThrown(new Error('plain')).message).toBe('plain');
    expect(describeThrown(42).message).toBe('42');
    expect(describeThrown(null).message).toBe('null');
  });
});
