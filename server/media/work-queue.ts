import { HttpError } from '../errors';

// Media work (sharp decodes, ffmpeg runs) is CPU-bound: left unbounded, four big GIFs in parallel
// took 52 s each and slowed every other request (issue 14 item 6). Jobs run at most `concurrency`
// at a time; at most `maxWaiting` more wait their turn; beyond that the request is refused at once
// with 503 and Retry-After, before anything is written.

/** Image and video jobs running at once (this machine has 2 cores; one is left for requests). */
export const MEDIA_CONCURRENCY = 1;
/** Jobs waiting for a slot before new ones are refused with 503. */
export const MEDIA_QUEUE_MAX = 8;
/** What a refused client is told to wait, in seconds. */
export const MEDIA_RETRY_AFTER_SECONDS = 5;

export const mediaBusy = () =>
  new HttpError(
    503,
    { global: ['server_busy'] },
    { 'retry-after': String(MEDIA_RETRY_AFTER_SECONDS) },
  );

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = MEDIA_CONCURRENCY,
    readonly maxWaiting = MEDIA_QUEUE_MAX,
  ) {}

  /** Jobs running and waiting now (for logs and tests). */
  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `job` when a slot is free; throws 503 at once when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw mediaBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // The slot passes straight to the next waiting job, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
