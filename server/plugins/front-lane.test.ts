import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';
import { register } from '../features/users/users.service';
import { frontLaneStats } from './front-lane';

// The front lanes (front-lane.ts) log their requests as Fastify does: at LOG_LEVEL info every
// request is logged with the same two lines whichever way it went (the client's address and host
// as read behind a trusted proxy, ids of one sequence). Their answers are timed in the metrics as
// Fastify's are.

interface Line {
  msg?: string;
  reqId?: string;
  req?: { url?: string };
  res?: unknown;
  responseTime?: number;
}

async function reads(level: string, trustProxy = '127.0.0.1') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-lane-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web-build'),
    SCRYPT_LOG_N: '10',
    SEED_DEMO: '0',
    LOG_LEVEL: level,
    METRICS_TOKEN: 'a-token-of-sixteen-or-more',
    TRUST_PROXY: trustProxy,
  });
  const lines: Line[] = [];
  const app = await buildApp(config, {
    logger: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    const owner = await register(
      app.db,
      {
        first_name: 'A',
        last_name: 'B',
        phone_1: '22990001',
        email: null,
        password: 'secret-pass-1',
        password_confirmation: 'secret-pass-1',
        role: 'user',
      },
      config.scryptLogN,
    );
    const { id } = await createProduct(app.db, {
      shop_id: await personalShopOf(app.db, owner.id),
      psubcategory_id: (await createSubcategory(app.db)).id,
      user_id: owner.id,
    });
    const first = await fetch(`${base}/healthz`);
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-host': 'other.example, souq.example',
    };
    const before = frontLaneStats.answered;
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${base}/products/product/${id}`, { headers })).status).toBe(200);
    }
    // Each read's two lines, by its id, in the order the reads were made.
    const ids = lines
      .filter(
        (line) => line.msg === 'incoming request' && line.req?.url === `/products/product/${id}`,
      )
      .map((line) => line.reqId);
    const logged = ids.map((reqId) => lines.filter((line) => line.reqId === reqId));
    // Every read is timed, whichever way it went.
    const metrics = await fetch(`${base}/metrics`, {
      headers: { authorization: 'Bearer a-token-of-sixteen-or-more' },
    }).then((res) => res.text());
    const timed =
      /souq_http_request_duration_seconds_count\{method="GET",route="\/products\/product\/:id",status="200"\} (\d+)/.exec(
        metrics,
      );
    return {
      front: frontLaneStats.answered - before,
      logged,
      timed: Number(timed?.[1]),
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A line as a reader compares them: its fields, the time and the ids left out. */
const shapeOf = ({
  time: _time,
  reqId: _reqId,
  responseTime,
  ...rest
}: Line & { time?: number }) => ({
  ...rest,
  fields: Object.keys({ reqId: _reqId, responseTime, ...rest }),
  timed: typeof responseTime === 'number' && responseTime >= 0,
});

it('answers in front of Fastify at any log level, and logs each request as Fastify does', async () => {
  const quiet = await reads('warn');
  expect(quiet).toMatchObject({ front: 2, logged: [], timed: 3 });

  const { front, logged, timed } = await reads('info');
  // The first read is Fastify's (nothing kept yet), the two after it the lane's.
  expect({ front, timed }).toEqual({ front: 2, timed: 3 });
  expect(logged).toHaveLength(3);
  const [fastify, ...lane] = logged.map((pair) => pair.map(shapeOf));
  expect(fastify[0]).toMatchObject({
    msg: 'incoming request',
    req: {
      method: 'GET',
      url: expect.stringMatching(/^\/products\/product\/\d+$/),
      host: 'souq.example',
      remoteAddress: '203.0.113.7',
    },
  });
  expect(fastify[1]).toMatchObject({
    msg: 'request completed',
    res: { statusCode: 200 },
    timed: true,
  });
  for (const pair of lane) expect(pair).toEqual(fastify);
  // Ids of one sequence: three reads, three ids.
  expect(new Set(logged.map((pair) => pair[0].reqId)).size).toBe(3);
});

it('reads the forwarded address and host only from a trusted proxy, as Fastify does', async () => {
  // The peer (127.0.0.1) is not the trusted proxy: what it forwards is its own say-so.
  const { front, logged } = await reads('info', '10.9.9.9');
  expect(front).toBe(2);
  const [fastify, ...lane] = logged.map((pair) => pair.map(shapeOf));
  expect(fastify[0]).toMatchObject({
    req: { host: expect.stringMatching(/^127\.0\.0\.1:\d+$/), remoteAddress: '127.0.0.1' },
  });
  for (const pair of lane) expect(pair).toEqual(fastify);
});
