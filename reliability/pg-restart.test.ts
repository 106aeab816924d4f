import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Client } from './support/client';
import { canRunPrivateCluster, startPrivateCluster, type PrivateCluster } from './support/postgres';
import { errorLines, startServer, tempDir, type ServerProcess } from './support/server';
import { countableSubcategory, loadAverage, postOffer, SHORT } from './support/world';

// PostgreSQL restarts under a running server (light load): without being restarted itself, the
// server serves again within 5 s of PostgreSQL being back, and every answer after that is 2xx.
// While it is down, answers are 2xx (cached reads) or 503 with Retry-After, never a 500.
// A private cluster on its own port: the machine's shared PostgreSQL is never touched.

const CYCLES = SHORT ? 1 : 3;
const DOWN_MS = SHORT ? 1_500 : 5_000;
const RECOVERY_LIMIT_MS = 5_000;
/** After recovery, this long with no failure at all. */
const STEADY_MS = SHORT ? 2_000 : 5_000;
const CLIENTS = 4;

interface Sample {
  sent: number;
  done: number;
  status: number;
}

const required = process.env.CI === 'true';
describe.skipIf(!canRunPrivateCluster && !required)('PostgreSQL restart', () => {
  let cluster: PrivateCluster;
  let server: ServerProcess;
  const dataDir = tempDir('pgrestart');
  beforeAll(async () => {
    cluster = await startPrivateCluster();
    server = await startServer({ dataDir, databaseUrl: cluster.url });
  });
  afterAll(async () => {
    await server?.kill();
    await cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`serves again within ${RECOVERY_LIMIT_MS / 1000} s of PostgreSQL being back`, async () => {
    const seller = await signUp(server.base, 'Seller');
    const offer = await postOffer(seller, await countableSubcategory(seller), 10);
    const visitors: Client[] = [];
    for (let i = 0; i < CLIENTS; i++) visitors.push(await signUp(server.base));

    // Light load: each visitor reads the offer, searches and saves, about 10 times a second.
    const samples: Sample[] = [];
    let running = true;
    const visit = async (visitor: Client) => {
      for (let i = 0; running; i++) {
        const sent = Date.now();
        const step =
          i % 3 === 0
            ? visitor.get(`/products/product/${offer}`)
            : i % 3 === 1
              ? visitor.post('/products/all/0/search', { name: 'toyota' })
              : visitor.get(`/products/favorite/${i % 2 ? 'add' : 'remove'}/${offer}`);
        const { status } = await step.catch(() => ({ status: 0 }));
        samples.push({ sent, done: Date.now(), status });
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const load = Promise.all(visitors.map(visit));
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

    const recoveries: number[] = [];
    const downAnswers = new Map<number, number>();
    await wait(1_000);
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const stopping = Date.now();
      await cluster.stop();
      await wait(DOWN_MS);
      await cluster.start();
      const back = Date.now();
      // Recovered: the first request sent after PostgreSQL is back that succeeds.
      let recovered: Sample | undefined;
      while (!recovered && Date.now() - back < RECOVERY_LIMIT_MS + 5_000) {
        await wait(50);
        recovered = samples.find((s) => s.sent >= back && s.status >= 200 && s.status < 300);
      }
      expect(recovered, `no 2xx after PostgreSQL came back:\n${server.output()}`).toBeDefined();
      recoveries.push(recovered!.done - back);
      for (const s of samples.filter((s) => s.sent >= stopping && s.sent < back)) {
        downAnswers.set(s.status, (downAnswers.get(s.status) ?? 0) + 1);
      }
      await wait(STEADY_MS);
      // Once recovered, no failure: no broken pooled connection answers a later request.
      const after = samples.filter((s) => s.sent >= recovered!.done);
      expect(after.filter((s) => s.status < 200 || s.status >= 300)).toEqual([]);
      expect(after.length).toBeGreaterThan(CLIENTS);
    }
    running = false;
    await load;

    console.info(
      `pg restart: ${CYCLES} restart(s), down ${DOWN_MS} ms each; recovered ${recoveries.join(', ')} ms ` +
        `after PostgreSQL was back; answers while down: ${[...downAnswers].map(([s, n]) => `${s}×${n}`).join(', ')}; ` +
        `load ${loadAverage()}`,
    );
    for (const ms of recoveries) expect(ms).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    // While down the server answered, never hung up or died: from its cache or with 503 and
    // Retry-After (a passing outage), never a 500.
    expect([...downAnswers.keys()].every((s) => (s >= 200 && s < 300) || s === 503)).toBe(true);
    expect(server.child.exitCode).toBeNull();
    // Every error logged is one of those 5xx answers: nothing failed unseen.
    const failed = samples.filter((s) => s.status >= 500).length;
    expect(errorLines(server.output()).length).toBeLessThanOrEqual(failed);
  });
});
