import { BoundedQueue } from '../bounded-queue';

// Media work (sharp decodes, ffmpeg runs) is CPU-bound: left unbounded, four big GIFs in parallel
// took 52 s each and slowed every other request (issue 14 item 6). Jobs run at most
// MEDIA_CONCURRENCY at a time; at most MEDIA_QUEUE_MAX more wait their turn; beyond that the
// request is refused at once with 503 and Retry-After, before anything is written.

/** Image and video jobs running at once (this machine has 2 cores; one is left for requests). */
export const MEDIA_CONCURRENCY = 1;
/** Jobs waiting for a slot before new ones are refused with 503. */
export const MEDIA_QUEUE_MAX = 8;
/** What a refused client is told to wait, in seconds. */
export const MEDIA_RETRY_AFTER_SECONDS = 5;

export function mediaQueue(
  concurrency = MEDIA_CONCURRENCY,
  maxWaiting = MEDIA_QUEUE_MAX,
): BoundedQueue {
  return new BoundedQueue(concurrency, maxWaiting, MEDIA_RETRY_AFTER_SECONDS);
}
