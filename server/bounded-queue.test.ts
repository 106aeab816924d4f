import { expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

it('runs at most `concurrent` at once, queues `waiting`, refuses the rest with 503', async () => {
  const queue = new BoundedQueue(2, 3);
  const gates = Array.from({ length: 6 }, deferred);
  let active = 0;
  let most = 0;
  const runs = gates.map((gate, i) =>
    queue
      .run(async () => {
        active += 1;
        most = Math.max(most, active);
        await gate.promise;
        active -= 1;
        return i;
      })
      .catch((error: { statusCode: number; headers: object; errors: object }) => error),
  );
  await new Promise((r) => setTimeout(r, 0));
  expect(queue.size).toEqual({ running: 2, waiting: 3 });
  const refused = await runs[5];
  expect(refused).toMatchObject({
    statusCode: 503,
    errors: { global: ['server_busy'] },
    headers: { 'retry-after': '5' },
  });
  for (const gate of gates) gate.resolve();
  expect(await Promise.all(runs.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
  expect(most).toBe(2);
  expect(queue.size).toEqual({ running: 0, waiting: 0 });
});

it('frees the slot when a task fails', async () => {
  const queue = new BoundedQueue(1, 0);
  await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await queue.run(async () => 'next')).toBe('next');
});
