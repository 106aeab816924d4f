import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';

// close() waits for open connections, not for handlers whose client has gone (found by the
// reliability load test: a search cut short by "driver has already been destroyed" when the
// server stopped). A request made with inject() has no connection either: close() must still
// let it finish before the database closes.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('closes the database only once the requests being handled have answered', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false });
  const first = await app.inject({ method: 'GET', url: '/users/me' });
  const cookies = Object.fromEntries(first.cookies.map((c) => [c.name, c.value]));
  // The request is under way (its headers read) but its body is still coming.
  const body = new PassThrough();
  const pending = app.inject({
    method: 'POST',
    url: '/products/all/0/search',
    headers: {
      cookie: `sid=${cookies.sid}; XSRF-TOKEN=${cookies['XSRF-TOKEN']}`,
      'x-xsrf-token': cookies['XSRF-TOKEN'],
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
    },
    payload: body,
  });
  await tick(50);
  const closing = app.close();
  await tick(50);
  body.end(JSON.stringify({ name: 'toyota' }));
  const res = await pending;
  expect(res.statusCode, res.body).toBe(200);
  await closing;
});
