import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, signUp, signUpMany } from './support/client';
import { deploy, engines, type Deployment } from './support/engines';
import { counterDrift, postgresQuery, sqliteQuery, type Query } from './support/invariants';
import { createDatabase, sharedPostgresUrl } from './support/postgres';
import { errorLines, startServer, tempDir, type ServerProcess } from './support/server';
import { countableSubcategory, loadAverage, Outcomes, postOffer, SHORT } from './support/world';

// Backups that restore (issue 34 item 1): writers post comments and offers through a running
// server; `npm run cli -- backup` runs while they go on; the backup is restored into a fresh data
// folder or database, a server starts on it, and every write acknowledged before the backup began
// is there, the counters equal their rows (one consistent snapshot, not a torn copy), and the
// server serves them.

const WARM_MS = SHORT ? 1_500 : 5_000;
const AFTER_MS = SHORT ? 500 : 3_000;
const WRITERS = SHORT ? 4 : 10;
const run = promisify(execFile);

/** The CLI as an operator runs it (`npm run cli` is tsx on server/cli.ts), on a deployment's env. */
async function cli(args: string[], dataDir: string, databaseUrl: string | undefined) {
  const started = Date.now();
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
  }).catch((e: { stdout: string; stderr: string }) => {
    throw new Error(`cli ${args.join(' ')}: ${e.stderr || e.stdout}`);
  });
  return { stdout, ms: Date.now() - started };
}

interface Acknowledged {
  id: number;
  at: number;
}

for (const engine of engines) {
  describe(`backup and restore under writes [${engine}]`, () => {
    let deployment: Deployment;
    let restored: ServerProcess | undefined;
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      await restored?.kill();
      await deployment?.cleanup();
      for (const c of cleanups) await c();
    }, 60_000);

    it('restores every write acknowledged before the backup began', async () => {
      deployment = await deploy(engine);
      const { base } = deployment.server;
      const seller = await signUp(base, 'Seller');
      const writers = await signUpMany(base, WRITERS, 'Writer');
      const sub = await countableSubcategory(seller);
      const offer = await postOffer(seller, sub, 100);
      // A media file (write-once, as uploads are) to come back with the data folder.
      const media = '0123456789abcdef0123456789abcdef.webp';
      fs.mkdirSync(path.join(deployment.dataDir, 'media'), { recursive: true });
      fs.writeFileSync(path.join(deployment.dataDir, 'media', media), 'webp bytes');

      const comments: Acknowledged[] = [];
      const products: Acknowledged[] = [];
      const out = new Outcomes();
      let stop = false;
      const write = async (writer: Client) => {
        for (let i = 0; !stop; i++) {
          const reply =
            i % 2 === 0
              ? await out.record(
                  'comment',
                  writer.post(`/comments/create/product/${offer}`, { text: `c${i}` }),
                  [201],
                )
              : await out.record(
                  'offer',
                  writer.post('/products/create/offer', {
                    name: `Offer ${i}`,
                    psubcategory_id: sub,
                    price: 1000,
                    number: 1,
                  }),
                  [201],
                );
          // Acknowledged when the answer arrived: the write was committed before that.
          if (reply.status === 201) {
            if (reply.body.comment) comments.push({ id: reply.body.comment.id, at: Date.now() });
            else products.push({ id: reply.body.product.id, at: Date.now() });
          }
        }
      };
      const writing = Promise.all(writers.map(write));
      await new Promise((r) => setTimeout(r, WARM_MS));

      const backupDir = path.join(tempDir(`backup-${engine}`), 'backup');
      cleanups.push(() => fs.rmSync(path.dirname(backupDir), { recursive: true, force: true }));
      const began = Date.now();
      const before = {
        comments: comments.filter((w) => w.at <= began).map((w) => w.id),
        products: products.filter((w) => w.at <= began).map((w) => w.id),
      };
      const backup = await cli(
        ['backup', '--to', backupDir],
        deployment.dataDir,
        deployment.databaseUrl,
      );
      const ended = Date.now();
      await new Promise((r) => setTimeout(r, AFTER_MS));
      stop = true;
      await writing;
      const during = [...comments, ...products].filter((w) => w.at > began && w.at <= ended).length;

      // A fresh folder (and database) of the same engine.
      const dataDir = tempDir(`restored-${engine}`);
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      let databaseUrl: string | undefined;
      if (engine === 'postgres') {
        const database = await createDatabase(sharedPostgresUrl!);
        cleanups.push(() => database.drop());
        databaseUrl = database.url;
      }
      const restore = await cli(['restore', '--from', backupDir], dataDir, databaseUrl);
      restored = await startServer({ dataDir, databaseUrl });

      const db = databaseUrl
        ? await postgresQuery(databaseUrl)
        : sqliteQuery(path.join(dataDir, 'marketplace.sqlite'));
      const ids = async (query: Query, table: string) =>
        new Set((await query(`select id from ${table}`)).map((r) => Number(r.id)));
      let missing: { comments: number[]; products: number[] };
      let drift: unknown[];
      try {
        const present = {
          comments: await ids(db.query, 'comments'),
          products: await ids(db.query, 'products'),
        };
        missing = {
          comments: before.comments.filter((id) => !present.comments.has(id)),
          products: before.products.filter((id) => !present.products.has(id)),
        };
        drift = (await counterDrift(db.query)).drift;
      } finally {
        await db.close();
      }
      // Served by the restored server: the last comment and offer acknowledged before the backup.
      const reader = new Client(restored.base);
      const served = [
        (await reader.get(`/comments/comment/${before.comments.at(-1)}`)).status,
        (await reader.get(`/products/product/${before.products.at(-1)}`)).status,
      ];
      const mediaBack = fs.readFileSync(path.join(dataDir, 'media', media), 'utf8');

      console.info(
        `backup [${engine}]: ${WRITERS} writers; ${before.comments.length} comments and ` +
          `${before.products.length} offers acknowledged before the backup, ${during} writes ` +
          `acknowledged during it; backup ${backup.ms} ms, restore ${restore.ms} ms ` +
          `(both including the CLI's start); load ${loadAverage()}`,
      );
      expect(out.unexpected).toEqual([]);
      expect(before.comments.length).toBeGreaterThan(0);
      expect(before.products.length).toBeGreaterThan(0);
      // The server kept taking writes while the backup ran.
      expect(during).toBeGreaterThan(0);
      expect(missing).toEqual({ comments: [], products: [] });
      expect(drift).toEqual([]);
      expect(served).toEqual([200, 200]);
      expect(mediaBack).toBe('webp bytes');
      expect(errorLines(deployment.server.output())).toEqual([]);
      expect(errorLines(restored.output())).toEqual([]);
      expect(await restored.stop()).toBe(0);
    });
  });
}
