import type { RouteObject } from 'react-router';
import { lazyRoute, type PageModule } from './lazy-route';

// The route table: one line per page, each page loaded on first visit (its module exports
// `Component`). A feature adds its pages here, e.g.
//   page({ path: 'shops/shop/:id' }, '../features/shops/shop-page.tsx'),
// Paths are SPEC §2's where it names them; the others are in web/lib/paths.ts and docs/web.md.
// The catch-all stays last.

/** Every page module, each its own chunk, by file (this folder's and the features'). */
const pages = import.meta.glob<PageModule>(['./pages/*-page.tsx', '../features/*/*-page.tsx']);

/**
 * The page that comes with the first part of the dictionary (scripts/first-view-dictionary.ts);
 * every other page waits for the whole dictionary.
 */
const FIRST_VIEW_PAGE = './pages/home-page.tsx';

/** A route to a page file: the file is loaded on first visit, and named for the server's links. */
function page(route: Pick<RouteObject, 'path' | 'index'>, file: string): RouteObject {
  const loader = pages[file];
  if (!loader) throw new Error(`routes: no page module ${file}`);
  const whole = file !== FIRST_VIEW_PAGE;
  // The build manifest names files from web/.
  const module = new URL(file, 'file:///web/app/').pathname.slice('/web/'.length);
  return lazyRoute(route, module, loader, whole);
}

export const routes: RouteObject[] = [
  page({ index: true }, FIRST_VIEW_PAGE),
  page({ path: 'register' }, '../features/account/sign-up-page.tsx'),
  page({ path: 'login' }, '../features/account/sign-in-page.tsx'),
  page({ path: 'account/password' }, '../features/account/password-page.tsx'),
  page({ path: 'password/forgot' }, '../features/account/forgot-password-page.tsx'),
  page({ path: 'password/reset' }, '../features/account/reset-password-page.tsx'),
  page({ path: 'admin' }, '../features/admin/admin-page.tsx'),
  page({ path: 'products/product/:id/:notificationId?' }, '../features/products/product-page.tsx'),
  page({ path: 'products/new/:type' }, '../features/products/product-form-page.tsx'),
  page({ path: 'products/edit/:id' }, '../features/products/product-form-page.tsx'),
  page({ path: 'notifications/home' }, '../features/notifications/notifications-page.tsx'),
  page({ path: 'comments/comment/:id/:notificationId?' }, '../features/comments/comment-page.tsx'),
  page({ path: 'commands/command/:id/:notificationId?' }, '../features/commands/command-page.tsx'),
  page({ path: 'market' }, '../features/search/market-page.tsx'),
  page({ path: 'search' }, '../features/search/search-page.tsx'),
  page({ path: 'saved' }, '../features/search/saved-page.tsx'),
  page({ path: 'categories/:id' }, '../features/search/category-page.tsx'),
  page(
    { path: 'categories/:id/subcategories/:subcategoryId' },
    '../features/search/subcategory-page.tsx',
  ),
  page({ path: 'shops/shop/:id' }, '../features/shops/shop-page.tsx'),
  page({ path: 'shops/new' }, '../features/shops/shop-new-page.tsx'),
  page({ path: 'shops/edit/:id' }, '../features/shops/shop-edit-page.tsx'),
  page({ path: 'shops/insights/:id' }, '../features/shops/insights-page.tsx'),
  page({ path: 'users/user/:id' }, '../features/users/user-page.tsx'),
  page({ path: 'account/profile' }, '../features/users/profile-page.tsx'),
  page({ path: 'account/shops' }, '../features/users/my-shops-page.tsx'),
  page({ path: 'account/searches' }, '../features/searches/my-searches-page.tsx'),
  page({ path: 'account/products' }, '../features/products/my-products-page.tsx'),
  page({ path: '*' }, './pages/not-found-page.tsx'),
];
