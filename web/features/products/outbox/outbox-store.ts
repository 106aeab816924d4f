import type { OutboxStore, PendingPost } from './outbox';

// The outbox in IndexedDB: one object store of pending posts (photos kept as Blobs), by id.

const DB = 'souq-outbox';
const STORE = 'posts';

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  return (opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = null;
      reject(request.error);
    };
  }));
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

/** The browser's store (pending-posts.tsx falls back to memory where IndexedDB is missing). */
export const indexedDbStore: OutboxStore = {
  all: () => run('readonly', (store) => store.getAll() as IDBRequest<PendingPost[]>),
  put: (post) => run('readwrite', (store) => store.put(post)).then(() => undefined),
  delete: (id) => run('readwrite', (store) => store.delete(id)).then(() => undefined),
};
