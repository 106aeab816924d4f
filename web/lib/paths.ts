import { safeLocalPath } from '../../shared/domain/safe-path';
// Page paths in one place. SPEC §2 fixes some; the rest (market, search, saved, account screens,
// category views) SPEC leaves open and docs/web.md (docs/search-ui.md) records the choice.

export const paths = {
  home: '/',
  market: '/market',
  search: '/search',
  saved: '/saved',
  notifications: '/notifications/home',
  signIn: '/login',
  signUp: '/register',
  passwordChange: '/account/password',
  passwordForgot: '/password/forgot',
  passwordReset: '/password/reset',
  profileEdit: '/account/profile',
  myShops: '/account/shops',
  mySearches: '/account/searches',
  shopNew: '/shops/new',
  shopEdit: (id: number) => `/shops/edit/${id}`,
  admin: '/admin',
  user: (id: number) => `/users/user/${id}`,
  shop: (id: number) => `/shops/shop/${id}`,
  category: (id: number) => `/categories/${id}`,
  subcategory: (pcategoryId: number, id: number) =>
    `/categories/${pcategoryId}/subcategories/${id}`,
  product: (id: number, notificationId?: number) =>
    `/products/product/${id}${notificationId ? `/${notificationId}` : ''}`,
  comment: (id: number, notificationId: number) => `/comments/comment/${id}/${notificationId}`,
  command: (id: number, notificationId: number) => `/commands/command/${id}/${notificationId}`,
  localisation: (language: string) => `/localisation/${language}`,
  productNew: (type: 'offer' | 'demand') => `/products/new/${type}`,
  productEdit: (id: number) => `/products/edit/${id}`,
  shopInsights: (id: number) => `/shops/insights/${id}`,
};

/** A `next` target taken from the URL: only a path on this site, never another origin. */
export function safeNext(next: string | null | undefined, fallback: string = paths.home): string {
  // The one same-origin check (shared/domain/safe-path.ts): `/%09/evil.example` and the like.
  return safeLocalPath(next) ?? fallback;
}
