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
  lazyRoute({ path: 'password/forgot' }, () => import('../features/account/forgot-password-page')),
  lazyRoute({ path: 'password/reset' }, () => import('../features/account/reset-password-page')),
  lazyRoute({ path: 'admin' }, () => import('../features/admin/admin-page')),
  lazyRoute(
    { path: 'products/product/:id/:notificationId?' },
    () => import('../features/products/product-page'),
  ),
  lazyRoute({ path: 'products/new/:type' }, () => import('../features/products/product-form-page')),
  lazyRoute({ path: 'products/edit/:id' }, () => import('../features/products/product-form-page')),
  lazyRoute(
    { path: 'notifications/home' },
    () => import('../features/notifications/notifications-page'),
  ),
  lazyRoute(
    { path: 'comments/comment/:id/:notificationId?' },
    () => import('../features/comments/comment-page'),
  ),
  lazyRoute(
    { path: 'commands/command/:id/:notificationId?' },
    () => import('../features/commands/command-page'),
  ),
  lazyRoute({ path: 'market' }, () => import('../features/search/market-page')),
  lazyRoute({ path: 'search' }, () => import('../features/search/search-page')),
  lazyRoute({ path: 'saved' }, () => import('../features/search/saved-page')),
  lazyRoute({ path: 'categories/:id' }, () => import('../features/search/category-page')),
  lazyRoute(
    { path: 'categories/:id/subcategories/:subcategoryId' },
    () => import('../features/search/subcategory-page'),
  ),
  lazyRoute({ path: 'shops/shop/:id' }, () => import('../features/shops/shop-page')),
  lazyRoute({ path: 'shops/new' }, () => import('../features/shops/shop-new-page')),
  lazyRoute({ path: 'shops/edit/:id' }, () => import('../features/shops/shop-edit-page')),
  lazyRoute({ path: 'shops/insights/:id' }, () => import('../features/shops/insights-page')),
  lazyRoute({ path: 'users/user/:id' }, () => import('../features/users/user-page')),
  lazyRoute({ path: 'account/profile' }, () => import('../features/users/profile-page')),
  lazyRoute({ path: 'account/shops' }, () => import('../features/users/my-shops-page')),
  lazyRoute({ path: 'account/searches' }, () => import('../features/searches/my-searches-page')),
  lazyRoute({ path: '*' }, () => import('./pages/not-found-page')),
];
