import http from 'node:http';
import type { TestClient } from './client';

// A server-sent-events reader for tests (issue 18): opens `url` on a listening server with the
// client's cookies, parses the events as a browser's EventSource does, and lets a test wait for
// the next event of a kind.

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  /** The next event named `event` not yet taken, waiting up to `timeoutMs`. */
  next(event: string, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

export async function openSse(
  base: string,
  url: string,
  client: TestClient | null,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  // node:http rather than fetch: closing must close the connection, as a browser's does.
  const req = http.get(base + url, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers },
    agent: false,
  });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  req.on('error', () => {});
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const taken = new Set<SseEvent>();
  let wake = () => {};
  let endedResolve = () => {};
  const ended = new Promise<void>((r) => (endedResolve = r));
  const status = res.statusCode ?? 0;

  if (status === 200) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res as AsyncIterable<Buffer>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event: SseEvent = { event: 'message', data: '' };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) {
                event.event = line.slice(7);
                isEvent = true;
              } else if (line.startsWith('data: ')) {
                event.data = line.slice(6);
                isEvent = true;
              } else if (line.startsWith('id: ')) event.id = line.slice(4);
            }
            if (isEvent) events.push(event);
            wake();
          }
        }
      } catch {
        // closed
      }
      endedResolve();
      wake();
    })();
  } else {
    res.resume();
    endedResolve();
  }
  const responseHeaders = new Headers();
  for (const [k, v] of Object.entries(res.headers))
    if (typeof v === 'string') responseHeaders.set(k, v);

  return {
    status,
    headers: responseHeaders,
    events,
    comments,
    ended,
    close: () => req.destroy(),
    async next(name, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((e) => e.event === name && !taken.has(e));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
}
