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

// The front lanes (front-lane.ts) answer before Fastify only when Fastify would log nothing of
// the request: at LOG_LEVEL info every request is logged, and the log must miss none. Their
// answers are timed in the metrics as Fastify's are.

async function reads(level: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-lane-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web-build'),
    SCRYPT_LOG_N: '10',
    SEED_DEMO: '0',
    LOG_LEVEL: level,
    METRICS_TOKEN: 'a-token-of-sixteen-or-more',
  });
  const lines: { msg?: string; req?: { url?: string } }[] = [];
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
    const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
    const before = frontLaneStats.answered;
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${base}/products/product/${id}`, { headers })).status).toBe(200);
    }
    const logged = lines.filter(
      (line) => line.msg === 'incoming request' && line.req?.url === `/products/product/${id}`,
    );
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
      logged: logged.length,
      timed: Number(timed?.[1]),
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

it('answers in front of Fastify when requests are not logged, and leaves every one to it when they are', async () => {
  expect(await reads('warn')).toEqual({ front: 2, logged: 0, timed: 3 });
  expect(await reads('info')).toEqual({ front: 0, logged: 3, timed: 3 });
});
