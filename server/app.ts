import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import '../shared/schemas/common';
import type { Config } from './config';
import { connect, type Connection } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { settingOrCreate } from './db/settings.repository';
import type { DB, Dialect } from './db/types';
import compression from './plugins/compression';
import errors, { frameworkErrors } from './plugins/errors';
import securityHeaders from './plugins/security-headers';
import session from './plugins/session';
import noScriptForms from './plugins/no-script-forms';
import { redactUrl } from '../shared/domain/forms';
import privateAnswers from './plugins/private-answers';
import deadline from './plugins/deadline';
import housekeeping from './plugins/housekeeping';
import scheduledBackups from './backup/schedule';
import negotiation from './plugins/negotiation';
import pages from './plugins/pages';
import pageCache from './plugins/page-cache';
import { BOOT_SCRIPT_SOURCE } from './plugins/page-boot';
import type { PageRenderer } from './plugins/page-render';
import uploads from './plugins/uploads';
import userLimits from './limits/plugin';
import { rateLimitStore } from './limits/rate-limit-store';
import { clientLimitKey, trustProxyOption } from './plugins/client-address';
import frontLane from './plugins/front-lane';
import { featureRoutes } from './features';
import { postgresBus, sqliteBus, type EventBus } from './events/bus';
import { noteExternalWrite } from './db/write-tracker';
import { exactInvalidation } from './features/products/product-cache';
import messaging from './messaging/plugin';
import searchAlerts from './features/searches/search-alerts.plugin';
import metrics from './plugins/metrics';
import { requestId, requestLog } from './plugins/request-log';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    /** Where searches read: worker threads on SQLite (Connection.readDb); reads only. */
    readDb: DB;
    dialect: Dialect;
    appSecret: string;
    /** Live events of every process (server/events/bus.ts). */
    events: EventBus;
    /** Every route as registered (method, url, whether XSRF applies, schema): security suites walk it. */
    routeTable: { method: string; url: string; xsrf: boolean; schema?: FastifySchema }[];
    /**
     * Issue 34 item 3. closing: shutting down or about to (SIGTERM), /readyz answers 503 while
     * requests are still served; stopping: close() has begun, new requests get 503 too.
     */
    readiness: { closing: boolean; stopping: boolean };
  }
}

const BODY_LIMIT = 1024 * 1024;
/** How long shutdown waits for requests still being handled (main.ts gives up at 10 s). */
const DRAIN_MS = 8_000;

/** The whole server, ready to listen or to answer `inject()` in tests. Migrates on the way up. */
export async function buildApp(
  config: Config,
  options: {
    connection?: Connection;
    /** false: no log; a stream: the log's lines go there (tests read them). */
    logger?: boolean | { write(line: string): void };
    render?: PageRenderer | null;
  } = {},
): Promise<FastifyInstance> {
  const connection = options.connection ?? connect(config);
  await migrateToLatest(connection.db, connection.dialect);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? { stream: options.logger } : {}),
            // A secret in a query string (an old page's GET form) never reaches the log.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
          },
    // The request's logger made when it first logs (request-log.ts); none without a log.
    ...(options.logger === false ? {} : { childLoggerFactory: requestLog }),
    // One sequence of ids with the answers written in front of Fastify (front-lane.ts).
    genReqId: requestId,
    bodyLimit: BODY_LIMIT,
    // DESIGN §11: only the configured proxies may name the client (X-Forwarded-For); unset, the
    // socket's address is the client, whatever the request says.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', connection.db);
  app.decorate('readDb', connection.readDb);
  app.decorate('dialect', connection.dialect);
  app.decorate('appSecret', await loadSecret(connection.db));
  app.decorate('events', await eventBus(app, config, connection));
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('readiness', { closing: false, stopping: false });
  // From the first moment of close(), a request that still comes (on a kept-alive connection)
  // gets DESIGN §3's 503 rather than Fastify's own body (return503OnClosing is off for this).
  app.addHook('preClose', async () => {
    app.readiness.closing = true;
    app.readiness.stopping = true;
  });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const xsrf = !['GET', 'HEAD', 'OPTIONS'].includes(method) || !!route.config?.xsrf;
      routeTable.push({ method, url: route.url, xsrf, schema: route.schema });
    }
  });
  // close() waits for open connections, not for handlers whose client has gone away meanwhile:
  // the database closes once every request that came in has answered (or after DRAIN_MS).
  // Callback-style hooks (here and in the plugins below): every request passes them, and an async
  // hook costs promises each (docs/performance.md "The hook chain").
  const answering = new WeakSet<FastifyRequest>();
  let open = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (app.readiness.stopping) {
      reply
        .status(503)
        .header('retry-after', '5')
        .send({ errors: { global: ['shutting_down'] } });
      return;
    }
    answering.add(request);
    open += 1;
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (answering.delete(request)) open -= 1;
    done(null, payload);
  });
  // An answer sent without the send hooks (a kept answer, products.routes.ts) is counted here.
  app.addHook('onResponse', (request, _reply, done) => {
    if (answering.delete(request)) open -= 1;
    done();
  });
  app.addHook('onClose', async () => {
    const deadline = Date.now() + DRAIN_MS;
    while (open > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await app.events.close();
    if (!options.connection) await connection.close();
  });

  await app.register(errors);
  await app.register(frontLane);
  // Before every route, so that each is timed (only when METRICS_TOKEN or METRICS_PORT is set).
  await app.register(metrics, { connection });
  await app.register(deadline, { timeoutMs: config.requestTimeoutMs });
  await app.register(cookie);
  await app.register(compression);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The pages' one inline script, by its hash: it starts the app after the first paint.
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', originOf(config.tileUrl), ...mediaOrigin(config)],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigin(config)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The language link sends people back where they were (Referer); other sites learn nothing.
    referrerPolicy: { policy: 'same-origin' },
    // HSTS only means something over HTTPS; on plain http it would pin localhost to https.
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  // Per-address route limits, keyed by clientLimitKey (IPv6 by /64, issue 29 item 6): in the
  // database, shared by every process (issue 18 item 3). The hot reads count in memory, by their
  // own hook (issue 31 item 1; server/limits/read-limit.ts, added by userLimits).
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(connection.db),
    keyGenerator: clientLimitKey,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Souq marketplace API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(noScriptForms);
  await app.register(session);
  await app.register(privateAnswers);
  await app.register(housekeeping);
  await app.register(scheduledBackups);
  await app.register(pageCache);
  await app.register(negotiation);
  await app.register(pages, { render: options.render });
  await app.register(uploads);
  await app.register(userLimits);
  await app.register(messaging);
  await app.register(searchAlerts);

  for (const routes of featureRoutes) await app.register(routes);
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());

  await app.ready();
  return app;
}

/**
 * The event bus of the engine; on PostgreSQL, other processes' writes to the product cache's
 * tables invalidate it here (exactly, while the bus is connected; everything after a reconnection).
 */
async function eventBus(
  app: FastifyInstance,
  config: Config,
  connection: Connection,
): Promise<EventBus> {
  if (connection.dialect !== 'postgres' || !config.databaseUrl) return sqliteBus();
  const bus = postgresBus(config.databaseUrl, app.log);
  await bus.ready;
  bus.subscribe('write', (table) => noteExternalWrite(table));
  bus.onResync(() => noteExternalWrite(null));
  exactInvalidation(connection.db, () => bus.live);
  return bus;
}

/** MEDIA_PUBLIC_URL's origin: /media/{file} redirects there (issue 18 item 4). */
function mediaOrigin(config: Config): string[] {
  return config.mediaPublicUrl && config.s3 ? [originOf(config.mediaPublicUrl)] : [];
}

function originOf(url: string): string {
  try {
    return new URL(url.replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return "'self'";
  }
}

/** The secret behind XSRF tokens, made once and kept in the database so every process shares it. */
function loadSecret(db: DB): Promise<string> {
  return settingOrCreate(db, 'app_secret', () => crypto.randomBytes(32).toString('base64url'));
}
