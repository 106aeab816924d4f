import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { FairQueue } from './work-queue';

// Issue 29 item 8: four 99-frame GIFs of one account made another user's 16 KB photo wait 34–39 s
// behind them. Waiting jobs are taken one owner at a time, and no owner holds more than its share.

/** A job that runs until `finish()` is called, recording when it started. */
function job(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FairQueue', () => {
  it('runs another owner’s job before the rest of one owner’s backlog', async () => {
    const queue = new FairQueue(1, 8, 3);
    const started: string[] = [];
    const jobs = ['a1', 'a2', 'a3', 'a4', 'b1'].map((name) => ({ name, ...job(started, name) }));
    const runs = jobs.map(({ name, task }) => queue.run(task, name[0]));
    await settle();
    expect(started).toEqual(['a1']);
    for (const expected of [
      ['a1', 'a2'],
      ['a1', 'a2', 'b1'],
      ['a1', 'a2', 'b1', 'a3'],
    ]) {
      jobs.find((j) => j.name === started.at(-1))!.finish();
      await settle();
      expect(started).toEqual(expected);
    }
    for (const j of jobs) j.finish();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses one owner past its share of the waiting places, not the others', async () => {
    const queue = new FairQueue(1, 8, 2);
    const started: string[] = [];
    const running = job(started, 'a1');
    void queue.run(running.task, 'a');
    void queue.run(job(started, 'a2').task, 'a');
    void queue.run(job(started, 'a3').task, 'a');
    const refused = await queue.run(job(started, 'a4').task, 'a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).headers['retry-after']).toBeDefined();
    const other = job(started, 'b1');
    void queue.run(other.task, 'b');
    expect(queue.size).toEqual({ running: 1, waiting: 3 });
    running.finish();
    other.finish();
    await settle();
    expect(started).toEqual(['a1', 'a2']);
  });

  it('refuses everyone once the whole queue is full', async () => {
    const queue = new FairQueue(1, 2, 2);
    const started: string[] = [];
    void queue.run(job(started, 'a').task, 'a');
    void queue.run(job(started, 'b').task, 'b');
    void queue.run(job(started, 'c').task, 'c');
    await expect(queue.run(job(started, 'd').task, 'd')).rejects.toMatchObject({ statusCode: 503 });
  });
});
