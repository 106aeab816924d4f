import os from 'node:os';
import type { Client, Reply } from './client';

// What the suites act on: offers of countable, priced goods posted by sellers through the API.

/** RELIABILITY_SHORT=1: the CI sizes; otherwise the full run. */
export const SHORT = !!process.env.RELIABILITY_SHORT && process.env.RELIABILITY_SHORT !== '0';

interface Subcategory {
  id: number;
  can_be_counted: string;
  can_be_priced: string;
}

/** A subcategory of the seeded catalogue whose offers have a price and a number of units. */
export async function countableSubcategory(client: Client): Promise<number> {
  const { body } = await client.get('/pcategories/all');
  for (const category of body.pcategories as { id: number }[]) {
    const subs = (await client.get(`/psubcategories/pcategory/${category.id}`)).body
      .psubcategories as Subcategory[];
    const sub = subs.find((s) => s.can_be_counted === 'yes' && s.can_be_priced === 'yes');
    if (sub) return sub.id;
  }
  throw new Error('the catalogue has no countable, priced subcategory');
}

/** A new offer of `number` units; answers its id. */
export async function postOffer(
  seller: Client,
  psubcategoryId: number,
  number: number,
  name = 'Toyota Hilux 2015',
): Promise<number> {
  const res = await seller.post('/products/create/offer', {
    name,
    psubcategory_id: psubcategoryId,
    price: 150_000,
    number,
  });
  if (res.status !== 201)
    throw new Error(`create offer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product.id;
}

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

export function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Runs the tasks, at most `limit` at a time (as one person does a few things at once). */
export async function inParallel(tasks: (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: limit }, lane));
}

/** Machine load as `uptime` prints it (1, 5, 15 min), to print beside any figure. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** Statuses seen per action; any status the action does not allow is kept with its answer. */
export class Outcomes {
  readonly seen = new Map<string, number>();
  readonly unexpected: string[] = [];
  /** The slowest reply, in ms. */
  slowest = 0;

  /** Waits for the reply; a network error or timeout counts as status 0 (never allowed). */
  async record(
    action: string,
    request: Promise<Reply>,
    allowed: readonly number[],
  ): Promise<Reply> {
    const started = Date.now();
    const reply = await request.catch((e: Error) => ({
      status: 0,
      body: `${e.name}: ${e.message} after ${Date.now() - started} ms`,
    }));
    this.slowest = Math.max(this.slowest, Date.now() - started);
    const key = `${action} ${reply.status}`;
    this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
    if (!allowed.includes(reply.status)) {
      this.unexpected.push(`${key} ${JSON.stringify(reply.body).slice(0, 200)}`);
    }
    return reply;
  }

  summary(): string {
    return [...this.seen].map(([k, n]) => `${k}: ${n}`).join(', ');
  }
}
