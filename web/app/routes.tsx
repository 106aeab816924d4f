import type { RouteObject } from 'react-router';

// The route table: one entry per page, each loaded on demand (its module exports `Component`).
// A feature adds its pages here, one line each, e.g.
//   { path: 'shops/shop/:id', lazy: () => import('../features/shops/shop-page') },
// Paths are SPEC §2's where it names them; the others are in web/lib/paths.ts and docs/web.md.

export const routes: RouteObject[] = [
  { index: true, lazy: () => import('./pages/home-page') },
  { path: 'register', lazy: () => import('../features/account/sign-up-page') },
  { path: 'login', lazy: () => import('../features/account/sign-in-page') },
  { path: 'account/password', lazy: () => import('../features/account/password-page') },
  { path: '*', lazy: () => import('./pages/not-found-page') },
];
