import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Notification } from '../../../shared/schemas/notifications';
import { tooMany } from '../../errors';
import { tableVersion } from '../../db/write-tracker';
import { toNotification } from './notifications.mapper';
import * as repo from './notifications.repository';
import {
  acquireLease,
  LEASE_RENEW_MS,
  releaseLease,
  renewLeases,
  type Lease,
} from './stream-leases';

// GET /notifications/stream (DESIGN §4, issue 18, docs/live-events.md): server-sent events of
// the signed-in user's own notifications. Each process keeps the streams it holds, by user; the
// event bus tells every process of every new notification ("user:id"), and the process holding
// a stream of that user reads the row (scoped by the user's id) and sends it:
//   id: <notification id>            (so the browser's Last-Event-ID resumes after it)
//   event: notification              data: the notification exactly as in the list answer
//   event: unread                    data: {"count": n}
// A comment line every HEARTBEAT_MS keeps proxies from closing an idle connection. A stream
// that opens with Last-Event-ID (or ?last_event_id=) first gets what it missed, from the database.
// Each stream holds a lease on one of its user's slots in the database (./stream-leases.ts), so the
// limit holds across every process on one database; a dead process's leases run out by themselves.

/** Streams one user may hold at once, all processes together. */
export const MAX_STREAMS_PER_USER = 3;
export const HEARTBEAT_MS = 25_000;
/** At most this many missed notifications are replayed on resuming; older ones are in the list. */
export const RESUME_MAX = 100;
/** The browser waits this long before reconnecting a dropped stream. */
const RETRY_MS = 3_000;
/**
 * Issue 29 item 1: a ban closes its user's open streams. Each process looks this often whether
 * the users table has changed (server/db/write-tracker.ts: its own writes, and on PostgreSQL every
 * process's through the event bus) and then which of its streams' users are banned or gone; it
 * looks anyway once a HEARTBEAT_MS, for writes it cannot hear of (SQLite's CLI, the bus down).
 */
export const BAN_CHECK_MS = 1_000;

interface Stream {
  userId: number;
  lease: Lease;
  /** The release of the lease, once closed (shutdown waits for it). */
  released: Promise<void> | null;
  out: PassThrough;
  /**
   * Notifications already sent, by id, with the time they had: one is sent once however it
   * arrives, and again when updated in place (issue 35 item 14: a new time, same id).
   */
  sent: Map<number, string>;
  lastId: number;
  /** Sends one after the other, in order. */
  queue: Promise<void>;
  heartbeat: NodeJS.Timeout;
}

export function streamHub(app: FastifyInstance) {
  const byUser = new Map<number, Set<Stream>>();
  /** This process, as the holder of its streams' leases. */
  const holder = randomUUID();

  const write = (stream: Stream, text: string) => {
    if (!stream.out.writableEnded) stream.out.write(text);
  };
  const sendEvent = (stream: Stream, event: string, data: unknown, id?: number) =>
    write(
      stream,
      `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
    );

  function enqueue(stream: Stream, task: () => Promise<void>) {
    stream.queue = stream.queue.then(task).catch((error: unknown) => {
      // The database may be restarting: the next event (or the reconnecting browser) catches up.
      app.log.warn({ err: error }, 'notification stream: read failed');
    });
  }

  function sendNotifications(stream: Stream, rows: Notification[]) {
    for (const n of rows) {
      if (stream.sent.get(n.id) === n.created_at) continue;
      stream.sent.set(n.id, n.created_at);
      stream.lastId = Math.max(stream.lastId, n.id);
      sendEvent(stream, 'notification', n, stream.lastId);
    }
  }

  async function sendUnread(stream: Stream) {
    sendEvent(stream, 'unread', { count: await repo.countUnread(app.db, stream.userId) });
  }

  /**
   * A new or updated notification of `userId` (from the bus): read it and send it to each stream of
   * the user. An update goes as the same `notification` event with the same data id (the app
   * replaces what it showed); the event's own id stays the stream's highest, for Last-Event-ID.
   */
  function deliver(userId: number, id: number) {
    for (const stream of byUser.get(userId) ?? []) {
      enqueue(stream, async () => {
        const row = await repo.findOwn(app.db, userId, id);
        if (!row) return;
        sendNotifications(stream, [toNotification(row)]);
        await sendUnread(stream);
      });
    }
  }

  /** Catches up every stream after `lastId` (the bus reconnected: events may have been missed). */
  function catchUp(stream: Stream) {
    enqueue(stream, async () => {
      const rows = await repo.listAfter(app.db, stream.userId, stream.lastId, RESUME_MAX);
      sendNotifications(stream, rows.map(toNotification));
      await sendUnread(stream);
    });
  }

  function close(stream: Stream) {
    clearInterval(stream.heartbeat);
    const set = byUser.get(stream.userId);
    set?.delete(stream);
    if (set && !set.size) byUser.delete(stream.userId);
    if (!stream.out.writableEnded) stream.out.end();
    stream.released ??= releaseLease(app.db, stream.lease).catch((error: unknown) => {
      // Unreleased, the lease runs out by itself within LEASE_MS.
      app.log.warn({ err: error }, 'notification stream: lease release failed');
    });
  }

  let checkedVersion = -1;
  let checkedAt = 0;
  let checking = false;
  async function closeBannedStreams() {
    const version = tableVersion(['users']);
    if (version === checkedVersion && Date.now() - checkedAt < HEARTBEAT_MS) return;
    checkedVersion = version;
    checkedAt = Date.now();
    const userIds = [...byUser.keys()];
    const allowed = await repo.usersStillAllowed(app.db, userIds);
    for (const userId of userIds) {
      if (allowed.has(userId)) continue;
      for (const stream of [...(byUser.get(userId) ?? [])]) close(stream);
    }
  }
  const banCheck = setInterval(() => {
    if (!byUser.size || checking) return;
    checking = true;
    closeBannedStreams()
      .catch((error: unknown) => {
        checkedVersion = -1; // look again next time
        app.log.warn({ err: error }, 'notification stream: ban check failed');
      })
      .finally(() => (checking = false));
  }, BAN_CHECK_MS);
  banCheck.unref();

  // The leases of this process's streams stay alive while it does.
  const renewal = setInterval(() => {
    if (!byUser.size) return;
    renewLeases(app.db, holder).catch((error: unknown) => {
      app.log.warn({ err: error }, 'notification stream: lease renewal failed');
    });
  }, LEASE_RENEW_MS);
  renewal.unref();

  const unsubscribe = app.events.subscribe('notification', (payload) => {
    const [user, id] = payload.split(':').map(Number);
    if (Number.isInteger(user) && Number.isInteger(id)) deliver(user, id);
  });
  const unresync = app.events.onResync(() => {
    for (const set of byUser.values()) for (const stream of set) catchUp(stream);
  });
  // Shutdown: end every stream first, else the server would wait for them to close.
  app.addHook('preClose', async () => {
    unsubscribe();
    unresync();
    clearInterval(renewal);
    clearInterval(banCheck);
    const streams = [...byUser.values()].flatMap((set) => [...set]);
    for (const stream of streams) close(stream);
    await Promise.all(streams.map((stream) => stream.released));
  });

  return {
    /** How many streams this process holds (tests, metrics). */
    count: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),

    async open(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: number,
      lastEventId: number | null,
    ) {
      // Refused rather than closing an older one: a browser whose stream is refused falls back to
      // polling, where closing the oldest would make the user's tabs take each other's place in turn.
      const lease = await acquireLease(app.db, { userId, holder, slots: MAX_STREAMS_PER_USER });
      if (!lease) throw tooMany(RETRY_MS / 1000);
      if (request.raw.socket.destroyed) {
        // The browser left while the lease was being taken.
        await releaseLease(app.db, lease);
        return reply.send('');
      }
      const set = byUser.get(userId) ?? new Set<Stream>();
      const out = new PassThrough();
      const stream: Stream = {
        userId,
        lease,
        released: null,
        out,
        sent: new Map(),
        lastId: lastEventId ?? 0,
        queue: Promise.resolve(),
        heartbeat: setInterval(() => write(stream, ': heartbeat\n\n'), HEARTBEAT_MS),
      };
      stream.heartbeat.unref();
      set.add(stream);
      byUser.set(userId, set);
      reply.raw.once('close', () => close(stream));
      // A browser leaving half-closes its side: the response then never finishes by itself, so
      // the socket would stay open (and shutdown wait for it).
      request.raw.socket.once('end', () => close(stream));
      out.once('close', () => close(stream));

      write(stream, `retry: ${RETRY_MS}\n\n`);
      if (lastEventId !== null) catchUp(stream);
      else enqueue(stream, () => sendUnread(stream));
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  };
}
