import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverBusy } from './errors';

// An overall deadline per request (issue 14 item 3): a request whose handler has not answered
// within REQUEST_TIMEOUT_MS gets 503 with Retry-After in DESIGN §3's shape, rather than keeping
// the client (and a proxy's connection) waiting. The handler's own late answer is dropped.
// The clock starts once the body has been read (preHandler): a slow network sending a large JSON
// body is not the server's delay. Multipart forms are read by their handler, on the network's
// time, so they are left out. The clock stops once the handler has answered (onSend): a stream
// (GET /notifications/stream) or a download (/media/...) then sends its body on the network's time,
// and is neither cut at the deadline nor, by a second answer on a started one, logged as a 500
// (issue 29 item 12).
// One timer for all requests, not one each (a timer per request cost some 2 % of a cached read,
// docs/performance.md "The hook chain"): every request has the same time, so the requests in the
// order they started are also in the order of their deadlines, and the timer waits for the first.

interface Waiting {
  /** When the deadline passes (ms since the epoch). */
  at: number;
  /** null once answered: nothing is held for longer than the request. */
  reply: FastifyReply | null;
}

/** The requests waiting for their handler, oldest first, and the one timer for the oldest. */
class Deadlines {
  private queue: (Waiting | undefined)[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly timeoutMs: number,
    private readonly expire: (reply: FastifyReply) => void,
  ) {}

  start(reply: FastifyReply): Waiting {
    const waiting: Waiting = { at: Date.now() + this.timeoutMs, reply };
    this.queue.push(waiting);
    if (!this.timer) this.arm();
    return waiting;
  }

  /** Every request past its deadline now, then the timer for the next one. */
  private readonly fire = () => {
    this.timer = null;
    const now = Date.now();
    while (this.head < this.queue.length) {
      const waiting = this.queue[this.head]!;
      if (waiting.reply && waiting.at > now) break;
      this.queue[this.head++] = undefined;
      if (waiting.reply) this.expire(waiting.reply);
    }
    this.arm();
  };

  private arm() {
    while (this.head < this.queue.length && !this.queue[this.head]!.reply) this.head += 1;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
      return;
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    this.timer = setTimeout(this.fire, Math.max(0, this.queue[this.head]!.at - Date.now()));
    this.timer.unref();
  }
}

const waitingOf = new WeakMap<FastifyRequest, Waiting>();

/** The request has its answer: its deadline no longer holds it (an answer sent without the send hooks says so itself). */
export function answered(request: FastifyRequest): void {
  const waiting = waitingOf.get(request);
  if (waiting) waiting.reply = null;
}

export default fp<{ timeoutMs: number }>(async (app, { timeoutMs }) => {
  if (!timeoutMs) return;
  const deadlines = new Deadlines(timeoutMs, (reply) => {
    if (reply.sent || reply.raw.headersSent) return;
    reply.request.log.warn({ url: reply.request.url, timeoutMs }, 'request deadline passed');
    void reply.status(503).header('retry-after', '5').send(serverBusy);
  });
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.headers['content-type']?.startsWith('multipart/')) {
      waitingOf.set(request, deadlines.start(reply));
    }
    done();
  });
  // Every answer passes here, the 503 above included.
  app.addHook('onSend', (request, _reply, payload, done) => {
    answered(request);
    done(null, payload);
  });
});
