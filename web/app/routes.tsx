import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazy-route';

// The route table: one line per page, each page loaded on first visit (its module exports
// `Component`). A feature adds its pages here, e.g.
//   lazyRoute({ path: 'shops/shop/:id' }, () => import('../features/shops/shop-page')),
// Paths are SPEC §2's where it names them; the others are in web/lib/paths.ts and docs/web.md.
// The catch-all stays last.

export const routes: RouteObject[] = [
  lazyRoute({ index: true }, () => import('./pages/home-page')),
  lazyRoute({ path: 'register' }, () => import('../features/account/sign-up-page')),
  lazyRoute({ path: 'login' }, () => import('../features/account/sign-in-page')),
  lazyRoute({ path: 'account/password' }, () => import('../features/account/password-page')),
  lazyRoute({ path: 'shops/shop/:id' }, () => import('../features/shops/shop-page')),
  lazyRoute({ path: 'shops/new' }, () => import('../features/shops/shop-new-page')),
  lazyRoute({ path: 'shops/edit/:id' }, () => import('../features/shops/shop-edit-page')),
  lazyRoute({ path: 'users/user/:id' }, () => import('../features/users/user-page')),
  lazyRoute({ path: 'account/profile' }, () => import('../features/users/profile-page')),
  lazyRoute({ path: 'account/shops' }, () => import('../features/users/my-shops-page')),
  lazyRoute({ path: '*' }, () => import('./pages/not-found-page')),
];
