import { HttpError } from './errors';

/**
 * At most `concurrent` tasks run at once and at most `waiting` wait their turn; past that, the
 * task is refused at once with 503 and Retry-After (DESIGN §3's shape) instead of queueing without
 * bound: under a flood, latency stays bounded and the CPU (or memory) with it.
 */
export class BoundedQueue {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  /** Tasks refused since start (read by /metrics). */
  refused = 0;

  constructor(
    readonly concurrent: number,
    readonly waiting: number,
    private readonly retryAfterSeconds = 5,
  ) {}

  get size() {
    return { running: this.running, waiting: this.queue.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrent) {
      if (this.queue.length >= this.waiting) {
        this.refused += 1;
        throw new HttpError(
          503,
          { global: ['server_busy'] },
          { 'retry-after': String(this.retryAfterSeconds) },
        );
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
