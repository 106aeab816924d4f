import { QueryClient } from '@tanstack/react-query';
import { meKeys, type Me } from '../../../lib/use-me';
export { aUser } from '../../../test/render-app';
// Offers come from the one factory, checked against the shared schema (web/test/products.ts).
export { aCard, aProduct } from '../../../test/products';

// Test data of the offer components (cards, full view, modal).

/** A query client whose `me` is already known (null: anonymous). */
export function clientWith(me: Me | null): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  client.setQueryData(meKeys.all, me);
  return client;
}

/** A promise settled from outside (to hold a request open). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
