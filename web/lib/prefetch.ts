import type { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

// Server rendering (web/entry-server.tsx): a page module may export `prefetch(context)`, which
// fills the query cache with what the page shows first, through the page's own query options.
// A prefetch that fails with a 404 makes the page answer 404.

/** What a page's data needs to know of the address (server rendering, web/entry-server.tsx). */
export interface PrefetchContext {
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  client: QueryClient;
}

/** For a page's `prefetch`: the address names nothing (a bad id): the page answers 404. */
export function pageNotFound(): never {
  throw new HttpError(404, { global: ['not_found'] });
}

/** A positive integer id from the address, else the page is not found. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : pageNotFound();
}
