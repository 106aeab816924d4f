import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createPostgresDatabase, describeEachEngine, engines } from '../../test/harness';
import { whileStarting } from './starting';
import { freePort } from '../../test/free-port';

// GET /readyz (issue 34 item 3): 200 when this process should get requests; 503 while it starts
// (migrations), while its database does not answer, and while it shuts down. /healthz stays.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-readyz-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachEngine('readiness', (ctx) => {
  it('answers 200 when the database answers', async () => {
    const res = await ctx().client().get('/readyz', { xsrf: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 shutting_down once shutdown begins, while other requests are still served', async () => {
    const { app } = ctx();
    app.readiness.closing = true; // what main.ts does on SIGTERM, SHUTDOWN_DRAIN_MS before close()
    try {
      const ready = await ctx().client().get('/readyz', { xsrf: false });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ errors: { global: ['shutting_down'] } });
      expect((await ctx().client().get('/healthz', { xsrf: false })).statusCode).toBe(200);
      expect((await ctx().client().get('/pcategories/all', { xsrf: false })).statusCode).toBe(200);
    } finally {
      app.readiness.closing = false;
    }
  });
});

describe('readiness while starting (migrations)', () => {
  it('answers 503 starting on the port until the work ends, then frees the port', async () => {
    const port = await freePort();
    let finish!: (value: string) => void;
    const started = whileStarting(
      { port, host: '127.0.0.1' },
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    await tick(50);
    for (const url of ['/readyz', '/healthz', '/products/product/1']) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ errors: { global: ['starting'] } });
    }
    finish('built');
    expect(await started).toBe('built');
    await expect(fetch(`http://127.0.0.1:${port}/readyz`)).rejects.toThrow();
  });

  it('frees the port when the work fails (a failed migration stops the process)', async () => {
    const port = await freePort();
    await expect(
      whileStarting({ port, host: '127.0.0.1' }, async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    await expect(fetch(`http://127.0.0.1:${port}/readyz`)).rejects.toThrow();
  });
});

describe('readiness while shutting down', () => {
  it('answers 503 to a load balancer still connected while app.close() is in progress', async () => {
    const config = loadConfig({
      DATA_DIR: path.join(dataDir, 'closing'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp(config, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const connect = () =>
      new Promise<net.Socket>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      });
    let answers = '';
    // A request being handled (its body still coming) holds close() open; a second connection
    // (the load balancer's) has a request under way, with its /readyz poll right behind it.
    const held = await connect();
    held.on('data', () => {});
    held.write(
      'POST /login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{',
    );
    const balancer = await connect();
    balancer.on('data', (d) => (answers += d));
    balancer.write(
      'POST /login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{',
    );
    await tick(100);
    const closing = app.close();
    await tick(50);
    balancer.write('}GET /readyz HTTP/1.1\r\nhost: x\r\n\r\n');
    for (let i = 0; i < 50 && (answers.match(/HTTP\/1\.1/g) ?? []).length < 2; i++) await tick(50);
    const statuses = [...answers.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => Number(m[1]));
    expect(statuses, answers).toHaveLength(2);
    expect(statuses[1], answers).toBe(503);
    expect(answers).toContain('{"errors":{"global":["shutting_down"]}}');
    held.end('}');
    balancer.end();
    await closing;
  });
});

/**
 * A TCP relay to PostgreSQL that can be stopped (every connection cut, new ones refused) and
 * started again on the same port: PostgreSQL going away and coming back, seen from the server.
 */
async function relayTo(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen(0);
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
    start: () => listen(port),
  };
}

describe.skipIf(!(engines as readonly string[]).includes('postgres'))(
  'readiness when PostgreSQL is unreachable',
  () => {
    it('answers 503 database_unavailable while it is down, 200 again once it is back', async () => {
      const database = await createPostgresDatabase();
      const target = new URL(database.url);
      const relay = await relayTo({ host: target.hostname, port: Number(target.port || 5432) });
      const url = new URL(database.url);
      url.host = `127.0.0.1:${relay.port}`;
      const config = loadConfig({
        DATA_DIR: path.join(dataDir, 'pg'),
        DATABASE_URL: url.toString(),
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
      });
      const app = await buildApp(config, { logger: false });
      try {
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        await relay.stop();
        const down = await app.inject({ method: 'GET', url: '/readyz' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ errors: { global: ['database_unavailable'] } });
        await relay.start();
        let back = 0;
        for (let i = 0; i < 50 && back !== 200; i++) {
          back = (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;
          if (back !== 200) await tick(100);
        }
        expect(back).toBe(200);
      } finally {
        await relay.start().catch(() => undefined);
        await app.close();
        await relay.stop();
        await database.drop();
      }
    }, 60_000);
  },
);
