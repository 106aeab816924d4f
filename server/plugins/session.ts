import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { SESSION_TTL_DAYS, type Language, type SiteRole } from '../../shared/constants';
import { HttpError, unauthorized } from '../errors';
import { now } from '../db/connect';
import { storedAddress } from './client-address';
import { isNoScriptPost, postedValues } from './no-script-forms';
import { XSRF_FIELD } from '../../shared/domain/forms';
import * as sessionsRepo from '../features/users/sessions.repository';

// Sessions and XSRF (DESIGN §3).
// - The `sid` cookie (httpOnly) holds 128 random bits. Signed-in sessions are rows keyed by the
//   SHA-256 of that value, so a stolen database does not yield usable cookies.
// - The XSRF token is an HMAC of the sid under the app secret: readable by the page (XSRF-TOKEN
//   cookie), unforgeable by another site, and renewed whenever the sid changes (sign-in, sign-out).
// - Every state-changing request (any non-GET, and GET routes marked `config: { xsrf: true }`)
//   must echo the token in X-XSRF-TOKEN and carry X-Requested-With: XMLHttpRequest, else 419.
//   A server-rendered form posted before the scripts arrived (no-script-forms.ts) carries it in
//   its `_xsrf` field instead, checked once the body is parsed; only routes marked `form` take it.

export interface AuthUser {
  id: number;
  role: SiteRole;
  language: Language | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sid: string;
    /** Whether the answer sets the session's cookies (a new sid, or its XSRF cookie again). */
    setsSessionCookies: boolean;
  }
  interface FastifyContextConfig {
    /** A GET that changes state (SPEC §7's favorite/report/sold/markasread): XSRF applies. */
    xsrf?: boolean;
  }
}

const SID = 'sid';
const XSRF_COOKIE = 'XSRF-TOKEN';
const SID_FORMAT = /^[A-Za-z0-9_-]{22}$/;
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/** A map that forgets its oldest entries beyond `max`. */
class Recent<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V) {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
  }
}

// Random bytes are drawn 4 KiB at a time and each used once: a visitor without cookies gets a
// new sid on every request, and one getrandom call per sid cost more than the rest of the hook.
const SID_BYTES = 16;
let pool = Buffer.alloc(0);
let used = 0;
function newSid(): string {
  if (used + SID_BYTES > pool.length) {
    pool = crypto.randomBytes(256 * SID_BYTES);
    used = 0;
  }
  used += SID_BYTES;
  return pool.toString('base64url', used - SID_BYTES, used);
}
const hashSid = (sid: string) => crypto.createHash('sha256').update(sid).digest('hex');

export default fp(async (app) => {
  const secret = app.appSecret;
  const tokens = new Recent<string>(50_000);
  const xsrfFor = (sid: string) => {
    let token = tokens.get(sid);
    if (token === undefined) {
      token = crypto.createHmac('sha256', secret).update(sid).digest('base64url');
      tokens.set(sid, token);
    }
    return token;
  };
  // Session ids known to have no signed-in session: a visitor who has not signed in sends the
  // same sid with every request, and need not cost a query each time. Exact, not a guess: a
  // session row is only ever made for a new random sid (signIn), never for one already seen.
  const anonymous = new Recent<true>(50_000);
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: app.config.secureCookies };

  function setSid(reply: FastifyReply, sid: string) {
    reply.request.setsSessionCookies = true;
    reply.setCookie(SID, sid, { ...cookieBase, httpOnly: true, maxAge: SESSION_TTL_DAYS * 86_400 });
    reply.setCookie(XSRF_COOKIE, xsrfFor(sid), { ...cookieBase, httpOnly: false });
  }

  app.decorateRequest('user', null);
  app.decorateRequest('sid', '');
  app.decorateRequest('setsSessionCookies', false);

  // Callback style: a visitor whose sid is known to be anonymous (most requests) costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const cookieSid = request.cookies[SID];
    const sid = cookieSid && SID_FORMAT.test(cookieSid) ? cookieSid : newSid();
    request.sid = sid;
    if (sid !== cookieSid || request.cookies[XSRF_COOKIE] !== xsrfFor(sid)) setSid(reply, sid);

    // Refused once the visitor is known: the page it answers with is theirs (their header).
    let refused: HttpError | null = null;
    if (changesState(request)) {
      if (isNoScriptPost(request)) {
        // The form's token is in its body: checked in preValidation, once parsed.
        if (!request.routeOptions.config?.form) {
          refused = new HttpError(400, { global: ['form_needs_script'] });
        }
      } else if (!xsrfChecked(request)) {
        return done(new HttpError(419, { global: ['xsrf_token_mismatch'] }));
      }
    }
    if (sid !== cookieSid || anonymous.get(sid)) return done(refused ?? undefined);
    identify(request, sid).then(() => done(refused ?? undefined), done);
  });

  /** The signed-in user of the session `sid`, if it is one (else `sid` is remembered as anonymous). */
  async function identify(request: FastifyRequest, sid: string) {
    const row = await sessionsRepo.findSession(app.db, hashSid(sid));
    if (!row) {
      anonymous.set(sid, true);
      return;
    }
    const current = Date.now();
    if (Date.parse(row.expires_at) <= current) {
      await sessionsRepo.deleteSession(app.db, hashSid(sid));
      return;
    }
    request.user = { id: row.id, role: row.role, language: row.language };
    if (current - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
      await sessionsRepo.touchSession(app.db, hashSid(sid), now(), expiry());
    }
  }

  // A script-less form's token (its `_xsrf` field), before the route's own validation: refused,
  // the page comes back with a fresh token (plugins/errors.ts), nothing done.
  const formToken: preValidationHookHandler = (request, _reply, done) => {
    if (!isNoScriptPost(request)) return done();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const values = postedValues(body);
    request.postedForm = { action: request.url.split('?', 1)[0], values, errors: {} };
    const ok = request.sid === request.cookies[SID] && isToken(body[XSRF_FIELD], request.sid);
    if (!ok) return done(new HttpError(419, { global: ['xsrf_token_mismatch'] }));
    delete body[XSRF_FIELD];
    done();
  };
  // A GET that changes state (`xsrf`): the check the hook above makes for other methods, once the
  // visitor is known.
  const xsrfGet: onRequestHookHandler = (request, _reply, done) => {
    if (changesState(request) || xsrfChecked(request)) return done();
    done(new HttpError(419, { global: ['xsrf_token_mismatch'] }));
  };
  // Decided per route once, not per request: only the routes marked `form` or `xsrf` get these
  // hooks (every route is registered after this plugin: app.ts).
  app.addHook('onRoute', (route) => {
    if (route.config?.form)
      route.preValidation = [formToken, ...[route.preValidation ?? []].flat()];
    if (route.config?.xsrf) route.onRequest = [...[route.onRequest ?? []].flat(), xsrfGet];
  });

  /** The app's own request: X-Requested-With, and the sid's XSRF token in X-XSRF-TOKEN. */
  function xsrfChecked(request: FastifyRequest): boolean {
    return (
      request.sid === request.cookies[SID] &&
      request.headers['x-requested-with'] === 'XMLHttpRequest' &&
      isToken(request.headers['x-xsrf-token'], request.sid)
    );
  }

  /** `value` is the XSRF token of `sid` (compared in constant time). */
  function isToken(value: unknown, sid: string): boolean {
    const expected = xsrfFor(sid);
    return (
      typeof value === 'string' &&
      value.length === expected.length &&
      crypto.timingSafeEqual(Buffer.from(value), Buffer.from(expected))
    );
  }

  app.decorate('sessions', {
    /** A new session id at sign-in (no fixation), with a new XSRF token. */
    async signIn(request: FastifyRequest, reply: FastifyReply, userId: number) {
      const sid = newSid();
      const at = now();
      await sessionsRepo.insertSession(app.db, {
        id: hashSid(sid),
        user_id: userId,
        created_at: at,
        last_seen_at: at,
        expires_at: expiry(),
        ip: storedAddress(request),
        user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
      });
      request.sid = sid;
      setSid(reply, sid);
    },
    async signOut(request: FastifyRequest, reply: FastifyReply) {
      await sessionsRepo.deleteSession(app.db, hashSid(request.sid));
      request.user = null;
      request.sid = newSid();
      setSid(reply, request.sid);
    },
    /** The visitor's XSRF token (the hidden field of a server-rendered form). */
    xsrfToken(request: FastifyRequest): string {
      return xsrfFor(request.sid);
    },
    /**
     * The cookies (from the raw Cookie header) of a visitor the onRequest hook above would let
     * through as they are: a sid known to have no signed-in session, with its current XSRF cookie
     * (no cookie to set, nobody signed in, no query); else null, which tells nothing (the hook
     * decides). For the front lanes (front-lane.ts).
     */
    visitorCookies(cookieHeader: string | undefined): Record<string, string | undefined> | null {
      if (!cookieHeader) return null;
      const cookies = app.parseCookie(cookieHeader);
      const sid = cookies[SID];
      const known =
        !!sid &&
        SID_FORMAT.test(sid) &&
        anonymous.get(sid) === true &&
        cookies[XSRF_COOKIE] === xsrfFor(sid);
      return known ? cookies : null;
    },
    /** Ends every session of the user but the one making the request (password change). */
    async endOthers(request: FastifyRequest, userId: number) {
      await sessionsRepo.deleteOtherSessions(app.db, userId, hashSid(request.sid));
    },
  });
});

function changesState(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
}

function expiry(): string {
  return new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000).toISOString();
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      signIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
      signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      endOthers(request: FastifyRequest, userId: number): Promise<void>;
      /** The visitor's XSRF token (the hidden field of a server-rendered form). */
      xsrfToken(request: FastifyRequest): string;
      /** A raw request's cookies if they name a known visitor, signed in nowhere (front lanes). */
      visitorCookies(cookieHeader: string | undefined): Record<string, string | undefined> | null;
    };
  }
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Route hook: 401 before the body is even validated when nobody is signed in. */
export async function authenticated(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
