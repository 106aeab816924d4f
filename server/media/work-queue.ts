import { HttpError } from '../errors';

// Media work (sharp decodes, ffmpeg runs) is CPU-bound: left unbounded, four big GIFs in parallel
// took 52 s each and slowed every other request (issue 14 item 6). Jobs run at most
// MEDIA_CONCURRENCY at a time; at most MEDIA_QUEUE_MAX more wait their turn; beyond that the
// request is refused at once with 503 and Retry-After, before anything is written.
//
// And fairly (issue 29 item 8): four 99-frame GIFs of one account made another user's 16 KB photo
// wait 34–39 s. Waiting jobs are kept per owner (the uploading account) and taken in turn, one of
// each owner's, so another person's photo waits for at most one job of each owner ahead of it; and
// no owner holds more than MEDIA_QUEUE_PER_OWNER of the waiting places.

/** Image and video jobs running at once (this machine has 2 cores; one is left for requests). */
export const MEDIA_CONCURRENCY = 1;
/** Jobs waiting for a slot before new ones are refused with 503. */
export const MEDIA_QUEUE_MAX = 8;
/** Waiting places one owner may hold: a fair share of MEDIA_QUEUE_MAX. */
export const MEDIA_QUEUE_PER_OWNER = 2;
/** What a refused client is told to wait, in seconds. */
export const MEDIA_RETRY_AFTER_SECONDS = 5;

/** Uploads with no known owner share one turn. */
const NOBODY = '';

export class FairQueue {
  private running = 0;
  /** Waiting jobs by owner, owners in turn order (a Map keeps insertion order). */
  private readonly waitingBy = new Map<string, (() => void)[]>();
  private waitingCount = 0;
  /** Jobs refused since start (read by /metrics). */
  refused = 0;

  constructor(
    readonly concurrent = MEDIA_CONCURRENCY,
    readonly waiting = MEDIA_QUEUE_MAX,
    readonly perOwner = MEDIA_QUEUE_PER_OWNER,
    private readonly retryAfterSeconds = MEDIA_RETRY_AFTER_SECONDS,
  ) {}

  get size() {
    return { running: this.running, waiting: this.waitingCount };
  }

  async run<T>(task: () => Promise<T>, owner: string = NOBODY): Promise<T> {
    if (this.running >= this.concurrent) {
      const mine = this.waitingBy.get(owner) ?? [];
      if (this.waitingCount >= this.waiting || mine.length >= this.perOwner) {
        this.refused += 1;
        throw new HttpError(
          503,
          { global: ['server_busy'] },
          { 'retry-after': String(this.retryAfterSeconds) },
        );
      }
      await new Promise<void>((resolve) => {
        mine.push(resolve);
        this.waitingBy.set(owner, mine);
        this.waitingCount += 1;
      });
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  /** Hands the slot to the first owner in turn (who then goes last), or frees it. */
  private next() {
    const first = this.waitingBy.entries().next();
    if (first.done) {
      this.running -= 1;
      return;
    }
    const [owner, jobs] = first.value;
    const start = jobs.shift()!;
    this.waitingBy.delete(owner);
    if (jobs.length) this.waitingBy.set(owner, jobs);
    this.waitingCount -= 1;
    start();
  }
}

export function mediaQueue(
  concurrency = MEDIA_CONCURRENCY,
  maxWaiting = MEDIA_QUEUE_MAX,
  perOwner = MEDIA_QUEUE_PER_OWNER,
): FairQueue {
  return new FairQueue(concurrency, maxWaiting, perOwner);
}

// Who uploaded each buffer: set where a request's form is read (media/multipart.ts), read where the
// conversion is queued (media.ts), so that every upload route is counted without each service
// passing its user along. Weak: a buffer's owner goes with the buffer.
const owners = new WeakMap<Buffer, string>();

export function setUploadOwner(buffer: Buffer, owner: string): void {
  owners.set(buffer, owner);
}

export function uploadOwnerOf(buffer: Buffer): string | undefined {
  return owners.get(buffer);
}
