import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { trackPageLoad } from './layout/page-loading';

/** A page module: its page is its `Component` export. */
export type PageModule = { Component: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * A route whose page is loaded on first visit (its own chunk). `handle.preload` lets the start-up
 * code fetch the first page's chunk while the dictionary loads.
 */
export function lazyRoute(
  route: Pick<RouteObject, 'path' | 'index'>,
  load: PageLoader,
): RouteObject {
  const Page = lazy(() => trackPageLoad(load().then((module) => ({ default: module.Component }))));
  return { ...route, element: <Page />, handle: { preload: load } } as RouteObject;
}
