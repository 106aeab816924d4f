import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpMany, type Client } from './support/client';
import { counterDrift, sqliteQuery } from './support/invariants';
import { errorLines, startServer, tempDir, type ServerProcess } from './support/server';
import { countableSubcategory, loadAverage, Outcomes, postOffer, SHORT } from './support/world';

// SQLite, killed mid-write: every write the server acknowledged (2xx with its id) is there after
// a restart on the same DATA_DIR, and the database file is sound. SIGKILL stops the process, not
// the machine: what reached the operating system survives, so this checks the server's own
// durability (transactions committed before answering), not fsync against power loss.

const CYCLES = SHORT ? 1 : 3;
const WRITE_MS = SHORT ? 3_000 : 8_000;
const WRITERS = SHORT ? 6 : 12;

const dataDir = tempDir('crash');
const file = path.join(dataDir, 'marketplace.sqlite');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function integrity(): Promise<string> {
  const db = sqliteQuery(file);
  try {
    const rows = await db.query('pragma integrity_check');
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

async function missing(table: 'comments' | 'products', ids: number[]): Promise<number[]> {
  const db = sqliteQuery(file);
  try {
    const rows = await db.query(`select id from ${table}`);
    const present = new Set(rows.map((r) => Number(r.id)));
    return ids.filter((id) => !present.has(id));
  } finally {
    db.close();
  }
}

describe('crash [sqlite]', () => {
  it('keeps every acknowledged write through SIGKILL, and the file passes integrity_check', async () => {
    let server: ServerProcess = await startServer({ dataDir });
    const seller = await signUp(server.base, 'Seller');
    const writers = await signUpMany(server.base, WRITERS, 'Writer');
    const sub = await countableSubcategory(seller);
    const offer = await postOffer(seller, sub, 100);
    const acknowledged = { comments: [] as number[], products: [] as number[] };
    const out = new Outcomes();

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      let killed = false;
      // Each writer comments and posts offers, one write after the other, until the server dies.
      const write = async (writer: Client) => {
        for (let i = 0; !killed; i++) {
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
          if (reply.status === 201) {
            if (reply.body.comment) acknowledged.comments.push(reply.body.comment.id);
            else acknowledged.products.push(reply.body.product.id);
          }
        }
      };
      const writing = Promise.all(writers.map(write));
      await new Promise((r) => setTimeout(r, WRITE_MS));
      await server.kill();
      killed = true;
      await writing;
      // The file as the crash left it, before any restart recovers it.
      expect(await integrity()).toBe('ok');

      server = await startServer({ dataDir });
      for (const client of [seller, ...writers]) client.base = server.base;
      // Through the API too: the last acknowledged comment and offer are served.
      const lastComment = (await seller.get(`/comments/comment/${acknowledged.comments.at(-1)}`))
        .status;
      const lastOffer = (await seller.get(`/products/product/${acknowledged.products.at(-1)}`))
        .status;
      expect([lastComment, lastOffer]).toEqual([200, 200]);
    }
    const survivorErrors = errorLines(server.output());
    expect(await server.stop()).toBe(0);

    // Only the requests cut by the kill failed (status 0: no answer), none answered an error.
    const answeredErrors = out.unexpected.filter((u) => !/ 0 /.test(u));
    console.info(
      `crash [sqlite]: ${CYCLES} kill(s) after ${WRITE_MS} ms of writes by ${WRITERS} writers: ` +
        `${acknowledged.comments.length} comments and ${acknowledged.products.length} offers acknowledged, ` +
        `${out.unexpected.length} requests cut by the kill; load ${loadAverage()}`,
    );
    expect(answeredErrors).toEqual([]);
    expect(acknowledged.comments.length).toBeGreaterThan(CYCLES);
    expect(acknowledged.products.length).toBeGreaterThan(CYCLES);
    expect(await missing('comments', acknowledged.comments)).toEqual([]);
    expect(await missing('products', acknowledged.products)).toEqual([]);
    expect(await integrity()).toBe('ok');
    const db = sqliteQuery(file);
    try {
      expect((await counterDrift(db.query)).drift).toEqual([]);
    } finally {
      db.close();
    }
    expect(survivorErrors).toEqual([]);
  });
});
