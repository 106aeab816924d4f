import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Connection } from '../db/connect';
import { productCacheStats } from '../features/products/product-cache';
import { hashing } from '../features/users/password';
import { unauthorized } from '../errors';

// GET /metrics (issue 34 item 2, docs/operations.md "Metrics"): Prometheus text from prom-client.
// On only when asked for: METRICS_TOKEN (Bearer, on the site's port) and/or METRICS_PORT (its own
// server on 127.0.0.1, no token); otherwise no route (404) and no per-request work at all.
// One registry per app (tests build many apps in one process; the default registry is global).
// Per request: one histogram observation. Queue depths, pool use, cache counts and streams are
// read when Prometheus scrapes (`collect`), not kept up to date on the hot paths.

declare module 'fastify' {
  interface FastifyInstance {
    /** null when metrics are off. */
    metrics: Metrics | null;
  }
}

export interface Metrics {
  registry: Registry;
  /** Requests' seconds by method, route and status (the front lanes observe theirs too). */
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  /** Search requests' seconds by kind (words, place, filters): search.routes.ts observes. */
  searchSeconds: Histogram<'kind'>;
  /** Gauges read at scrape time from features registered in their own scope. */
  sources: { liveStreams?: () => number };
}

const PREFIX = 'souq_';
/** Seconds: a page or API answer is expected well under 0.5 s (DESIGN §12). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export default fp<{ connection: Connection }>(async (app, { connection }) => {
  const { metricsToken: token, metricsPort: port } = app.config;
  if (!token) {
    // Off on the site's port (DESIGN §4): 404, for every client, rather than the web app's page
    // that an unknown path gets.
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(404).send({ errors: { global: ['not_found'] } }),
    );
  }
  if (!token && port === undefined) {
    app.decorate('metrics', null);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const requestSeconds = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by route (as registered), method and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route as registered (`/products/product/:id`), never the raw URL: a bounded label set.
    requestSeconds.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });

  const searchSeconds = new Histogram({
    name: `${PREFIX}search_duration_seconds`,
    help: 'Product searches by kind (words: with words; place: around a position; filters: neither)',
    labelNames: ['kind'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });

  const statementSeconds = new Histogram({
    name: `${PREFIX}db_statement_duration_seconds`,
    help: 'Database statements and how long they took (failed: yes when the statement failed)',
    labelNames: ['failed'] as const,
    buckets: STATEMENT_BUCKETS,
    registers: [registry],
  });
  connection.statements.observe = (seconds, failed) =>
    statementSeconds.observe({ failed: failed ? 'yes' : 'no' }, seconds);

  const sources: Metrics['sources'] = {};
  new Gauge({
    name: `${PREFIX}live_streams`,
    help: 'Notification streams (server-sent events) this process holds open',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams?.() ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool: connections open (total), idle, requests waiting for one, and the maximum',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = connection.pool?.();
      if (!pool) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const)
        this.set({ state }, pool[state]);
    },
  });
  // After the pool's gauge: a scrape reads the gauges in this order, and the queue gauge's own
  // statement would otherwise show in the pool as a request waiting for a connection.
  queueMetrics(app, registry);
  new Counter({
    name: `${PREFIX}product_cache_reads_total`,
    help: 'Product reads through the product cache (result: hit from memory, miss loaded)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, productCacheStats.hits);
      this.inc({ result: 'miss' }, productCacheStats.misses);
    },
  });

  app.decorate('metrics', { registry, requestSeconds, searchSeconds, sources } satisfies Metrics);

  if (token) {
    const expected = crypto.createHash('sha256').update(`Bearer ${token}`).digest();
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Compared as hashes: equal lengths, and no timing hint of how much of the token matched.
      const given = crypto
        .createHash('sha256')
        .update(request.headers.authorization ?? '')
        .digest();
      if (!crypto.timingSafeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized();
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  }
  if (port !== undefined) {
    const server = await metricsServer(registry, port);
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    server.unref();
  }
});

/** Depths, limits and refusals of the bounded queues: password hashing, media, saved-search alerts. */
function queueMetrics(app: FastifyInstance, registry: Registry) {
  const queues = () => ({
    password_hashing: hashing,
    media: app.media.queue,
  });
  new Gauge({
    name: `${PREFIX}queue_jobs`,
    help: 'Jobs of each work queue, running and waiting (search_alerts: offers waiting to be matched, all processes)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, q] of Object.entries(queues())) {
        this.set({ queue, state: 'running' }, q.size.running);
        this.set({ queue, state: 'waiting' }, q.size.waiting);
      }
      // A count of the queue table: one statement per scrape.
      this.set(
        { queue: 'search_alerts', state: 'waiting' },
        await app.searchAlerts.queued().catch(() => 0),
      );
    },
  });
  new Gauge({
    name: `${PREFIX}queue_limit`,
    help: 'How many jobs each work queue runs at once (running) and holds (waiting) before refusing',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [queue, q] of Object.entries(queues())) {
        this.set({ queue, state: 'running' }, q.concurrent);
        this.set({ queue, state: 'waiting' }, q.waiting);
      }
    },
  });
  new Counter({
    name: `${PREFIX}queue_refused_total`,
    help: 'Jobs refused (503 server_busy); search_alerts: offers given up after failed matchings',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [queue, q] of Object.entries(queues())) this.inc({ queue }, q.refused);
      this.inc({ queue: 'search_alerts' }, app.searchAlerts.abandoned);
    },
  });
}

/** /metrics alone on 127.0.0.1:port: reachable from this machine only, so no token. */
async function metricsServer(registry: Registry, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errors: { global: ['not_found'] } }));
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ errors: { global: ['server_error'] } }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
  return server;
}
