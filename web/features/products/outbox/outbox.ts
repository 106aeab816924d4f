import type { Product, ProductType } from '../../../../shared/schemas/products';
import { HttpError, type Errors } from '../../../lib/http';

// Offers posted while the network is down (DESIGN §11 "Offline and install", docs/offline.md):
// kept with their photos in a store (IndexedDB in the browser, outbox-store.ts) and sent when the
// network returns. A network failure keeps a post waiting; any other refusal (a 4xx: the offer is
// not valid any more, the daily limit…) is shown to its author and never sent again by itself.

export interface PendingPost {
  id: string;
  /** Only its author's session sends it (another user signed in on the phone never does). */
  userId: number;
  type: ProductType;
  /** The form's fields as sent (multipart), files apart. */
  fields: [string, string][];
  files: { name: string; blob: Blob }[];
  /** The offer's name, to show in the list of pending posts. */
  title: string;
  createdAt: number;
  status: 'waiting' | 'failed';
  /** Why the server refused it (status 'failed'). */
  errors?: Errors;
}

/** Where pending posts are kept. */
export interface OutboxStore {
  all(): Promise<PendingPost[]>;
  put(post: PendingPost): Promise<void>;
  delete(id: string): Promise<void>;
}

export type SendPost = (post: PendingPost) => Promise<Product>;

export interface OutboxState {
  posts: PendingPost[];
  /** Posts sent since the app started: their offers, by pending post id. */
  sent: { id: string; title: string; product: Product }[];
  sending: boolean;
}

/** The multipart body of a pending post, as the form would have sent it. */
export function formDataOf(post: PendingPost): FormData {
  const form = new FormData();
  for (const [key, value] of post.fields) form.append(key, value);
  for (const { name, blob } of post.files) form.append('files', blob, name);
  return form;
}

export function memoryStore(): OutboxStore {
  const posts = new Map<string, PendingPost>();
  return {
    all: async () => [...posts.values()],
    put: async (post) => void posts.set(post.id, post),
    delete: async (id) => void posts.delete(id),
  };
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The queue: `add` keeps a post, `flush(userId)` sends that user's waiting posts oldest first
 * (one flush at a time; it stops at the first network failure), `dismiss` forgets a post or a sent
 * notice. `subscribe`/`getState` feed useSyncExternalStore.
 */
export function createOutbox(store: () => OutboxStore) {
  let state: OutboxState = { posts: [], sent: [], sending: false };
  let loaded: Promise<void> | null = null;
  let running: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (change: Partial<OutboxState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  const byAge = (posts: PendingPost[]) => [...posts].sort((a, b) => a.createdAt - b.createdAt);
  const reload = async () => set({ posts: byAge(await store().all()) });
  const load = () => (loaded ??= reload().catch(() => {}));

  async function sendAll(userId: number, send: SendPost) {
    await load();
    for (const post of state.posts) {
      if (post.userId !== userId || post.status !== 'waiting') continue;
      try {
        const product = await send(post);
        await store().delete(post.id);
        set({ sent: [...state.sent, { id: post.id, title: post.title, product }] });
      } catch (error) {
        // Still offline, or the server is down (5xx): try again with the next chance.
        if (!(error instanceof HttpError) || error.status === 0 || error.status >= 500) break;
        await store().put({ ...post, status: 'failed', errors: error.errors });
      }
      await reload();
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      void load();
      return () => void listeners.delete(listener);
    },
    async add(post: Omit<PendingPost, 'id' | 'createdAt' | 'status'>): Promise<PendingPost> {
      await load();
      const kept: PendingPost = { ...post, id: newId(), createdAt: Date.now(), status: 'waiting' };
      await store().put(kept);
      await reload();
      return kept;
    },
    async flush(userId: number, send: SendPost): Promise<void> {
      if (running) return running;
      await load();
      const waiting = (post: PendingPost) => post.userId === userId && post.status === 'waiting';
      if (!state.posts.some(waiting)) return;
      if (running) return running;
      set({ sending: true });
      running = sendAll(userId, send).finally(() => {
        running = null;
        set({ sending: false });
      });
      return running;
    },
    async dismiss(id: string) {
      await store().delete(id);
      set({ sent: state.sent.filter((sent) => sent.id !== id) });
      await reload();
    },
  };
}
