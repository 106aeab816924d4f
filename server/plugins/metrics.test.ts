import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { describeEachEngine } from '../test/harness';
import { freePort } from '../test/free-port';

// GET /metrics (issue 34 item 2): Prometheus text, with METRICS_TOKEN (Bearer) or on METRICS_PORT
// (127.0.0.1), else 404; one registry per app.

const TOKEN = 'metrics-token-for-tests';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** A sample's value in Prometheus text (the first line with this name and these labels). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachEngine(
  'metrics',
  (ctx, engine) => {
    const scrape = async () => {
      const res = await ctx().client().get('/metrics', { xsrf: false, headers: bearer });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };

    it('refuses a missing or wrong token with 401 and answers the right one', async () => {
      const none = await ctx().client().get('/metrics', { xsrf: false });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ errors: { global: ['unauthenticated'] } });
      expect(none.headers['www-authenticate']).toBe('Bearer');
      const wrong = await ctx()
        .client()
        .get('/metrics', { xsrf: false, headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.statusCode).toBe(401);
      const res = await ctx().client().get('/metrics', { xsrf: false, headers: bearer });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      // Default process metrics, prefixed.
      expect(res.body).toContain('souq_process_cpu_user_seconds_total');
      expect(res.body).toContain('souq_nodejs_eventloop_lag_p99_seconds');
    });

    it('counts requests by route as registered and status, with their latency', async () => {
      await ctx().client().get('/healthz', { xsrf: false });
      const json = { xsrf: false as const, headers: { accept: 'application/json' } };
      await ctx().client().get('/users/user/999999', json);
      await ctx().client().get('/users/user/999998', json);
      const text = await scrape();
      expect(
        sample(
          text,
          'souq_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      // Two ids, one series: the route's pattern, never the raw URL.
      expect(
        sample(
          text,
          'souq_http_request_duration_seconds_count{method="GET",route="/users/user/:id",status="404"}',
        ),
      ).toBe(2);
      expect(text).not.toContain('/users/user/99999');
      expect(text).toContain(
        'souq_http_request_duration_seconds_bucket{le="0.5",method="GET",route="/healthz",status="200"}',
      );
    });

    it('times searches by kind, and database statements', async () => {
      const client = ctx().client();
      await client.post('/products/all/0/search', { name: 'toyota' });
      await client.post('/products/all/0/search', { latitude: 18.08, longitude: -15.97 });
      await client.post('/products/all/0/search', {});
      const text = await scrape();
      for (const kind of ['words', 'place', 'filters'])
        expect(sample(text, `souq_search_duration_seconds_count{kind="${kind}"}`), kind).toBe(1);
      expect(sample(text, 'souq_db_statement_duration_seconds_count{failed="no"}')).toBeGreaterThan(
        3,
      );
    });

    it('reads the product cache hit rate', async () => {
      const before = await scrape();
      const hits = sample(before, 'souq_product_cache_reads_total{result="hit"}') ?? 0;
      const misses = sample(before, 'souq_product_cache_reads_total{result="miss"}') ?? 0;
      const json = { xsrf: false as const, headers: { accept: 'application/json' } };
      await ctx().client().get('/products/product/987654', json);
      await ctx().client().get('/products/product/987654', json);
      const after = await scrape();
      expect(sample(after, 'souq_product_cache_reads_total{result="miss"}')).toBe(misses + 1);
      expect(sample(after, 'souq_product_cache_reads_total{result="hit"}')).toBe(hits + 1);
    });

    it('shows queue depths, limits and refusals (media queue full: 503 counted)', async () => {
      const queue = ctx().app.media.queue;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const jobs: Promise<unknown>[] = [];
      // One running, then every waiting place, two per owner; one more is refused.
      for (let i = 0; i < 1 + queue.waiting; i++)
        jobs.push(queue.run(() => gate, `owner-${Math.floor(i / queue.perOwner)}`));
      await expect(queue.run(() => gate, 'one-more')).rejects.toMatchObject({ statusCode: 503 });
      const text = await scrape();
      expect(sample(text, 'souq_queue_jobs{queue="media",state="running"}')).toBe(1);
      expect(sample(text, 'souq_queue_jobs{queue="media",state="waiting"}')).toBe(queue.waiting);
      expect(sample(text, 'souq_queue_limit{queue="media",state="waiting"}')).toBe(queue.waiting);
      expect(sample(text, 'souq_queue_refused_total{queue="media"}')).toBe(1);
      expect(sample(text, 'souq_queue_jobs{queue="password_hashing",state="waiting"}')).toBe(0);
      expect(sample(text, 'souq_queue_jobs{queue="search_alerts",state="waiting"}')).toBe(0);
      expect(sample(text, 'souq_queue_refused_total{queue="search_alerts"}')).toBe(0);
      expect(sample(text, 'souq_live_streams')).toBe(0);
      release();
      await Promise.all(jobs);
    });

    it.skipIf(engine !== 'postgres')(
      'shows the PostgreSQL pool (SQLite has one connection)',
      async () => {
        const text = await scrape();
        expect(sample(text, 'souq_db_pool_connections{state="max"}')).toBe(10);
        expect(sample(text, 'souq_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'souq_db_pool_connections{state="waiting"}')).toBeDefined();
      },
    );
  },
  { env: { METRICS_TOKEN: TOKEN } },
);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-metrics-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('metrics off, or on their own port', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', ...env });

  it('has no /metrics without METRICS_TOKEN or METRICS_PORT (404), a token or not', async () => {
    const app = await buildApp(config({}), { logger: false });
    try {
      expect(app.metrics).toBeNull();
      for (const headers of [{}, bearer, { accept: 'text/plain;version=0.0.4' }]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await app.close();
    }
  });

  it('serves /metrics on 127.0.0.1:METRICS_PORT without a token, and not on the site', async () => {
    const port = await freePort();
    const app = await buildApp(config({ METRICS_PORT: String(port) }), { logger: false });
    try {
      await app.inject({ method: 'GET', url: '/healthz' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toContain(
        'souq_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1',
      );
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      const site = await app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(site.statusCode).toBe(404);
    } finally {
      await app.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('keeps one registry per app: two apps count their own requests', async () => {
    const [a, b] = [
      await buildApp(config({ METRICS_TOKEN: TOKEN }), { logger: false }),
      await buildApp(config({ METRICS_TOKEN: TOKEN, DATA_DIR: path.join(dataDir, 'b') }), {
        logger: false,
      }),
    ];
    try {
      await a.inject({ method: 'GET', url: '/healthz' });
      await a.inject({ method: 'GET', url: '/healthz' });
      await b.inject({ method: 'GET', url: '/healthz' });
      const count = async (app: typeof a) =>
        sample(
          (await app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body,
          'souq_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}',
        );
      expect(await count(a)).toBe(2);
      expect(await count(b)).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters and a bad METRICS_PORT', () => {
    expect(() => config({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => config({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
