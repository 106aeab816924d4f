import { EventEmitter } from 'node:events';
import pg from 'pg';

// The live-event bus (issue 18 items 1 and 3, docs/live-events.md). Two channels, with small
// payloads (ids; the receiver reads the row itself):
// - `notification` — "user:id": a notification row was inserted (for the streams of that user);
// - `write` — a table name: a statement wrote to that table (product cache invalidation).
//
// SQLite is one process: events go through an in-process emitter (localEvents), fed by
// notify.ts (the service). PostgreSQL may be several processes: triggers (migration 012) call
// pg_notify inside the writing transaction, so PostgreSQL delivers each event at commit, to every
// process LISTENing — this one included — on a dedicated connection (not the pool), reconnected
// when it drops. After a reconnection `resync` handlers run: events may have been missed meanwhile.

export type BusChannel = 'notification' | 'write';
export const PG_CHANNELS: Record<BusChannel, string> = {
  notification: 'souq_notification',
  write: 'souq_write',
};

export interface EventBus {
  /** Events from every process reach this one (always true on SQLite: there is one process). */
  readonly live: boolean;
  subscribe(channel: BusChannel, handler: (payload: string) => void): () => void;
  /** Runs after the bus (re)connects: events published in between may have been missed. */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

/**
 * Events of this process's SQLite database. Emitted after the insert, on the next turn: readers
 * queue behind the writing transaction on SQLite's one connection, so they see it committed.
 */
export const localEvents = new EventEmitter().setMaxListeners(0);

export function publishLocal(channel: BusChannel, payload: string): void {
  setImmediate(() => localEvents.emit(channel, payload));
}

class Handlers {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  on(name: string, handler: (payload: string) => void): () => void {
    this.emitter.on(name, handler);
    return () => this.emitter.off(name, handler);
  }
  emit(name: string, ...args: unknown[]) {
    for (const handler of this.emitter.listeners(name)) {
      try {
        (handler as (...a: unknown[]) => void)(...args);
      } catch {
        // One failing handler does not stop the others.
      }
    }
  }
}

export function sqliteBus(): EventBus {
  const handlers = new Handlers();
  const forward = (channel: BusChannel) => (payload: string) => handlers.emit(channel, payload);
  const forwards = { notification: forward('notification'), write: forward('write') };
  for (const channel of Object.keys(forwards) as BusChannel[])
    localEvents.on(channel, forwards[channel]);
  return {
    live: true,
    subscribe: (channel, handler) => handlers.on(channel, handler),
    onResync: (handler) => handlers.on('resync', handler),
    async close() {
      for (const channel of Object.keys(forwards) as BusChannel[])
        localEvents.off(channel, forwards[channel]);
    },
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

export function postgresBus(
  connectionString: string,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): EventBus & { ready: Promise<void> } {
  const handlers = new Handlers();
  const byPgChannel = new Map(
    Object.entries(PG_CHANNELS).map(([ours, theirs]) => [theirs, ours as BusChannel]),
  );
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;

  async function open(): Promise<void> {
    const c = new pg.Client({ connectionString });
    c.on('error', () => dropped(c));
    c.on('end', () => dropped(c));
    c.on('notification', (message) => {
      const channel = byPgChannel.get(message.channel);
      if (channel) handlers.emit(channel, message.payload ?? '');
    });
    client = c;
    try {
      await c.connect();
      for (const name of Object.values(PG_CHANNELS)) await c.query(`LISTEN ${name}`);
    } catch (error) {
      dropped(c, error);
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    live = true;
    delay = RECONNECT_MIN_MS;
    if (connectedOnce) {
      log.info({}, 'event bus reconnected');
      handlers.emit('resync');
    }
    connectedOnce = true;
  }

  function dropped(c: pg.Client, error?: unknown) {
    if (client !== c) return;
    client = null;
    live = false;
    c.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error, retryInMs: delay }, 'event bus connection lost');
    timer = setTimeout(() => void open(), delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  const ready = open();
  return {
    ready,
    get live() {
      return live;
    },
    subscribe: (channel, handler) => handlers.on(channel, handler),
    onResync: (handler) => handlers.on('resync', handler),
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      live = false;
      if (c) await c.end().catch(() => {});
    },
  };
}
