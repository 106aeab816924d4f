// Page paths in one place (issue 33 item 2): the web app's links (web/lib/paths.ts) and the
// server's (JSON-LD, canonical and Open Graph tags, sitemaps) come from here. SPEC §2 fixes some;
// the rest (market, search, saved, account screens, category views) SPEC leaves open and
// docs/web.md (docs/search-ui.md) records the choice. web/app/routes.tsx serves each of them.

export const pagePaths = {
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
  /** "My offers" (issue 32): the user's offers and demands by state, with their actions. */
  myProducts: '/account/products',
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
