import { createHash } from 'node:crypto';

type Answer = { products: { data: { id: number }[]; total: number }; interpreted: unknown };

/**
 * The trace scripts' runs of one search (trace-search.ts, trace-search-pg.ts): one warm-up, then
 * `rounds` runs (`beforeEach` clears their statement log); the median of their times, the last
 * answer, and a digest of it (ids, total, interpretation) to tell two runs' answers apart.
 */
export async function tracedRuns<A extends Answer>(
  run: () => Promise<A>,
  rounds: number,
  beforeEach: () => void,
): Promise<{ answer: A; median: number; digest: string }> {
  let answer = await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    beforeEach();
    const started = performance.now();
    answer = await run();
    times.push(performance.now() - started);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const digest = createHash('sha1')
    .update(
      JSON.stringify([
        answer.products.data.map((p) => p.id),
        answer.products.total,
        answer.interpreted,
      ]),
    )
    .digest('hex')
    .slice(0, 10);
  return { answer, median, digest };
}
