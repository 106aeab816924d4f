import { AsyncLocalStorage } from 'node:async_hooks';
import { setTransport, type Transport } from './http';

// Server rendering only (web/entry-server.tsx): a page's API requests, made by its query options
// while it prefetches, go to that page's transport (the server's services, as its visitor).

/** The page being rendered's way to the API: requests made while prefetching go through it. */
const pageTransport = new AsyncLocalStorage<Transport>();
setTransport((url, init) => {
  const transport = pageTransport.getStore();
  if (!transport) throw new Error('page-transport: a request outside of a page render');
  return transport(url, init);
});

/** Page prefetches in flight (`withTransport`). */
let prefetching = 0;

/**
 * Runs a page's prefetch with its transport. While any AsyncLocalStorage is enabled, Node 20 runs
 * promise hooks for every promise of the process, every request's included: the store is disabled
 * again as soon as no prefetch is in flight (nothing reads it then), which turns them off.
 */
export async function withTransport<T>(
  transport: Transport,
  prefetch: () => Promise<T>,
): Promise<T> {
  prefetching += 1;
  try {
    return await pageTransport.run(transport, prefetch);
  } finally {
    prefetching -= 1;
    if (prefetching === 0) pageTransport.disable();
  }
}
