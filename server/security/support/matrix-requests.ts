import type { TestClient } from '../../test/client';
import { nextPhone, TEST_PASSWORD } from '../../test/harness';
import type { Role, Scenario } from './scenario';
import { matchColumnsOf } from '../../features/searches/saved-search-criteria';

// What each row of the authorization matrix sends, per role: the path with the scenario's ids,
// the body, and, where a request consumes what it acts on (deletes, role changes, sessions),
// a fresh object or a fresh client made for that one cell.

export interface CellRequest {
  path: string;
  body?: unknown;
  /** Another client than the role's own (a new session of the same user, or a new user). */
  as?: TestClient;
}
export type Builder = (s: Scenario, role: Role) => CellRequest | Promise<CellRequest>;

const fixed =
  (path: (s: Scenario) => string, body?: unknown): Builder =>
  (s) => ({ path: path(s), body });

let names = 0;
/** Catalogue names are unique: a create that succeeds twice needs two names. */
const newName = (name: string) => `${name}_${++names}`;

const strangerId = (s: Scenario) => s.actors.stranger.user.id;

/** Per scenario (each engine has its own database). */
const strangerSearches = new WeakMap<Scenario, number>();
async function strangerSearch(s: Scenario): Promise<number> {
  let id = strangerSearches.get(s);
  if (id === undefined) strangerSearches.set(s, (id = await newStrangerSearch(s)));
  return id;
}
/**
 * Written straight to the table: the stranger stays a new account, whose few saved searches
 * (issue 29 item 3) these rows would use up; `POST /searches` has its own row.
 */
async function newStrangerSearch(s: Scenario): Promise<number> {
  const at = new Date().toISOString();
  const query = JSON.stringify({ type: 'offer' });
  const row = await s.db
    .insertInto('saved_searches')
    .values({
      user_id: strangerId(s),
      name: 'mine',
      query,
      product_type: 'offer',
      ...matchColumnsOf(query)!,
      last_alert_at: null,
      pending_product_id: null,
      last_seen_at: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const REQUESTS: Record<string, Builder> = {
  'GET /healthz': fixed(() => '/healthz'),
  'GET /readyz': fixed(() => '/readyz'),
  'GET /metrics': fixed(() => '/metrics'),
  'GET /localisation/:lang': fixed(() => '/localisation/fr'),
  'POST /localisation/:lang': fixed(() => '/localisation/fr'),
  // Sessions: each cell signs in (or stays anonymous) on a client of its own, so that the
  // role's main client keeps its session.
  'POST /register': async (s, role) => ({
    path: '/register',
    as: await s.again(role),
    body: {
      first_name: 'New',
      last_name: 'Account',
      phone_1: nextPhone(),
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    },
  }),
  'POST /login': async (s, role) => ({
    path: '/login',
    as: await s.again(role),
    body: {
      login: s.actors[role === 'anonymous' ? 'other' : role].user.phone_1,
      password: TEST_PASSWORD,
    },
  }),
  'POST /logout': async (s, role) => ({ path: '/logout', as: await s.again(role) }),
  'GET /users/me': fixed(() => '/users/me'),
  // The same password again: the account stays usable for the next cells.
  'PUT /users/password': fixed(() => '/users/password', {
    old_password: TEST_PASSWORD,
    new_password: TEST_PASSWORD,
    new_password_confirmation: TEST_PASSWORD,
  }),

  'GET /users/user/:id': fixed((s) => `/users/user/${strangerId(s)}`),
  'GET /images/users/icons/:name': fixed((s) => `/images/users/icons/${s.strangerPhoto}`),
  'PUT /users/:id': fixed((s) => `/users/${strangerId(s)}`, { more_infos: 'Edited' }),
  // A fresh account each time; in the stranger's column it deletes itself, which takes its
  // password (docs/decisions.md, issue 34 item 5).
  'DELETE /users/:id': async (s, role) => {
    const fresh = await s.fresh.user();
    return {
      path: `/users/${fresh.user.id}`,
      as: role === 'stranger' ? fresh.client : undefined,
      body: { password: TEST_PASSWORD },
    };
  },
  // Issue 34 item 5: one's own data; each signed-in cell deletes a fresh account of its own.
  'GET /users/me/export': fixed(() => '/users/me/export'),
  'DELETE /users/me': async (s, role) => ({
    path: '/users/me',
    as: role === 'anonymous' ? undefined : (await s.fresh.user()).client,
    body: { password: TEST_PASSWORD },
  }),
  'GET /admin/audit': fixed(() => '/admin/audit'),

  // Issue 32 (docs/lifecycle.md): the scenario's offer is new, so renewing is too soon (422) and
  // bumping too (429) for whoever may; marking sold and undoing it take a fresh offer each.
  'POST /products/:id/renew': fixed((s) => `/products/${s.productId}/renew`),
  'POST /products/:id/bump': fixed((s) => `/products/${s.productId}/bump`),
  'POST /products/:id/sold': async (s) => ({ path: `/products/${await s.fresh.product()}/sold` }),
  'DELETE /products/:id/sold': async (s) => ({
    path: `/products/${await s.fresh.soldProduct()}/sold`,
  }),
  'GET /users/me/products': fixed(() => '/users/me/products'),
  // Ratings (docs/ratings.md): the stranger's accepted command is theirs to rate; answers and
  // reports take a fresh rating each.
  'POST /commands/:id/rating': fixed((s) => `/commands/${s.soldCommandId}/rating`, { stars: 5 }),
  'GET /commands/:id/rating': fixed((s) => `/commands/${s.soldCommandId}/rating`),
  'POST /ratings/:id/answer': async (s) => ({
    path: `/ratings/${await s.fresh.rating()}/answer`,
    body: { text: 'Thank you' },
  }),
  'POST /ratings/:id/reports': async (s) => ({
    path: `/ratings/${await s.fresh.rating()}/reports`,
    body: { reason: 'scam' },
  }),
  'GET /shops/:id/ratings': fixed((s) => `/shops/${s.shopId}/ratings`),
  'GET /shops/:id/trust': fixed((s) => `/shops/${s.shopId}/trust`),
  'GET /psubcategories/:id/price-hint': fixed(
    (s) => `/psubcategories/${s.subcategoryId}/price-hint?offer_type=sale`,
  ),

  'GET /shops/shop/:id': fixed((s) => `/shops/shop/${s.shopId}`),
  'GET /shops/paginate/all/0': fixed(() => '/shops/paginate/all/0?page=1'),
  'POST /shops/create': fixed(() => '/shops/create', { name: 'Another shop' }),
  'PUT /shops/:id': fixed((s) => `/shops/${s.shopId}`, { description: 'Edited' }),
  'DELETE /shops/:id': async (s) => ({ path: `/shops/${await s.fresh.shop()}` }),
  'GET /shops/:id/employees': fixed((s) => `/shops/${s.shopId}/employees`),
  'POST /shops/:id/employees': async (s) => ({
    path: `/shops/${s.shopId}/employees`,
    body: { login: (await s.fresh.user()).user.phone_1, role: 'employee' },
  }),
  'PUT /shops/:id/employees/:userId': async (s) => ({
    path: `/shops/${s.shopId}/employees/${await s.fresh.employee()}`,
    body: { role: 'moderator' },
  }),
  'DELETE /shops/:id/employees/:userId': async (s) => ({
    path: `/shops/${s.shopId}/employees/${await s.fresh.employee()}`,
  }),
  // Invitations (issue 14 item 5): nobody in the scenario is invited, so accept and decline find
  // nothing to answer (the invitee's own path is in server/features/shops/employees tests).
  'GET /shops/invitations': fixed(() => '/shops/invitations'),
  'POST /shops/:id/invitation/accept': fixed((s) => `/shops/${s.shopId}/invitation/accept`),
  'POST /shops/:id/invitation/decline': fixed((s) => `/shops/${s.shopId}/invitation/decline`),
  'DELETE /shops/:id/invitations/:invitationId': async (s) => ({
    path: `/shops/${s.shopId}/invitations/${await s.fresh.invitation()}`,
  }),

  'POST /pcategories/paginate': fixed(() => '/pcategories/paginate', { page: 1 }),
  'GET /pcategories/all': fixed(() => '/pcategories/all'),
  'POST /pcategories/create': () => ({
    path: '/pcategories/create',
    body: { name: newName('new_category') },
  }),
  'PUT /pcategories/:id': fixed((s) => `/pcategories/${s.categoryId}`, {
    name: 'security_category',
  }),
  'DELETE /pcategories/:id': async (s) => ({ path: `/pcategories/${await s.fresh.category()}` }),
  'GET /psubcategories/pcategory/:id': fixed((s) => `/psubcategories/pcategory/${s.categoryId}`),
  'GET /psubcategories/v2/paginate': fixed(() => '/psubcategories/v2/paginate?page=1'),
  'POST /psubcategories/create/:pcategory_id': (s) => ({
    path: `/psubcategories/create/${s.categoryId}`,
    body: { name: newName('new_subcategory') },
  }),
  'PUT /psubcategories/:id': fixed((s) => `/psubcategories/${s.subcategoryId}`, {
    name: 'security_subcategory',
  }),
  'DELETE /psubcategories/:id': async (s) => ({
    path: `/psubcategories/${await s.fresh.subcategory()}`,
  }),
  'GET /pfields/psubcategory/:id': fixed((s) => `/pfields/psubcategory/${s.subcategoryId}`),
  'POST /pfields/create/:psubcategoryId': (s) => ({
    path: `/pfields/create/${s.subcategoryId}`,
    body: { name: newName('new_field') },
  }),
  'PUT /pfields/:id': fixed((s) => `/pfields/${s.fieldId}`, { name: 'security_field' }),
  'DELETE /pfields/:id': async (s) => ({ path: `/pfields/${await s.fresh.field()}` }),
  'POST /frontends/logs': fixed(() => '/frontends/logs', { text: '{"error":"boom"}' }),
  'GET /admin/frontends/logs': fixed(() => '/admin/frontends/logs?page=1'),

  'POST /comments/:type/:id': fixed((s) => `/comments/product/${s.productId}`, {}),
  'POST /comments/:type/:id · private command': fixed(
    (s) => `/comments/command/${s.privateCommandId}`,
    {},
  ),
  'GET /comments/comment/:id': fixed((s) => `/comments/comment/${s.commentId}`),
  'GET /comments/comment/:id · private thread': fixed(
    (s) => `/comments/comment/${s.privateThreadCommentId}`,
  ),
  'POST /comments/create/:type/:id': fixed((s) => `/comments/create/product/${s.productId}`, {
    text: 'Hello',
  }),
  'POST /comments/create/:type/:id · reply': fixed(
    (s) => `/comments/create/comment/${s.commentId}`,
    { text: 'A reply' },
  ),
  'POST /comments/create/:type/:id · command': fixed(
    (s) => `/comments/create/command/${s.commandId}`,
    { text: 'About your order' },
  ),
  'POST /comments/create/:type/:id · private command': fixed(
    (s) => `/comments/create/command/${s.privateCommandId}`,
    { text: 'About your private order' },
  ),
  'PUT /comments/:id': fixed((s) => `/comments/${s.commentId}`, { text: 'Edited' }),
  'DELETE /comments/:id': async (s) => ({ path: `/comments/${await s.fresh.comment()}` }),

  'POST /commands/product/:productId': fixed((s) => `/commands/product/${s.productId}`, {}),
  'GET /commands/command/:id': fixed((s) => `/commands/command/${s.commandId}`),
  'GET /commands/command/:id · private': fixed((s) => `/commands/command/${s.privateCommandId}`),
  'POST /commands/create/product/:productId': fixed(
    (s) => `/commands/create/product/${s.productId}`,
    { number: 1, private: 'no' },
  ),
  'PUT /commands/:id': fixed((s) => `/commands/${s.commandId}`, { number: 1, text: 'Edited' }),
  'PUT /commands/:id · sold': fixed((s) => `/commands/${s.soldCommandId}`, { number: 1 }),
  'DELETE /commands/:id': async (s) => ({ path: `/commands/${await s.fresh.command()}` }),
  'DELETE /commands/:id · sold': fixed((s) => `/commands/${s.soldCommandId}`),
  'GET /commands/sold/:id': async (s) => ({ path: `/commands/sold/${await s.fresh.command()}` }),
  'GET /commands/sold/:id · sold': fixed((s) => `/commands/sold/${s.soldCommandId}`),

  'POST /products/create/:type': (s) => ({
    path: '/products/create/offer',
    body: { name: 'Posted', shop_id: s.shopId, psubcategory_id: s.subcategoryId },
  }),
  'PUT /products/:id': fixed((s) => `/products/${s.productId}`, { name_fr: 'Edited' }),
  'DELETE /products/:id': async (s) => ({ path: `/products/${await s.fresh.product()}` }),
  'GET /products/product/:id': fixed((s) => `/products/product/${s.productId}`),
  'GET /products/product/:id/:notificationId': fixed(
    (s) => `/products/product/${s.productId}/${s.notificationId}`,
  ),
  'GET /products/similar/:id': fixed((s) => `/products/similar/${s.productId}`),
  'POST /products/favorites/paginate': fixed(() => '/products/favorites/paginate', {}),
  'GET /products/favorite/add/:id': fixed((s) => `/products/favorite/add/${s.productId}`),
  'GET /products/favorite/remove/:id': fixed((s) => `/products/favorite/remove/${s.productId}`),
  'GET /products/report/add/:id': fixed((s) => `/products/report/add/${s.productId}`),
  'GET /products/report/remove/:id': fixed((s) => `/products/report/remove/${s.productId}`),
  'POST /products/:id/reports': fixed((s) => `/products/${s.productId}/reports`, {
    reason: 'scam',
  }),
  'POST /comments/:id/reports': fixed((s) => `/comments/${s.commentId}/reports`, {
    reason: 'offensive',
  }),
  'POST /commands/:id/reports': fixed((s) => `/commands/${s.commandId}/reports`, {
    reason: 'other',
  }),
  'GET /admin/moderation': fixed(() => '/admin/moderation?status=all'),
  'GET /admin/moderation/log': fixed(() => '/admin/moderation/log'),
  'POST /admin/moderation/:type/:id': fixed((s) => `/admin/moderation/product/${s.productId}`, {
    action: 'dismiss',
  }),
  'POST /admin/users/:id/ban': async (s) => ({
    path: `/admin/users/${(await s.fresh.user()).user.id}/ban`,
    body: { reason: 'matrix' },
  }),
  'DELETE /admin/users/:id/ban': async (s) => {
    const { user } = await s.fresh.user();
    await s.as('siteAdmin').post(`/admin/users/${user.id}/ban`, { reason: 'matrix' });
    return { path: `/admin/users/${user.id}/ban` };
  },
  'POST /reactions/create/:type/:id': fixed((s) => `/reactions/create/product/${s.productId}`, {
    name: 'like',
  }),
  'POST /reactions/create/:type/:id · private command': fixed(
    (s) => `/reactions/create/command/${s.privateCommandId}`,
    { name: 'like' },
  ),
  'POST /reactions/create/:type/:id · private thread': fixed(
    (s) => `/reactions/create/comment/${s.privateThreadCommentId}`,
    { name: 'like' },
  ),
  'POST /products/:source_name/:source_id/search': fixed(() => '/products/all/0/search', {}),

  'GET /notifications/unreadnotifications/count': fixed(
    () => '/notifications/unreadnotifications/count',
  ),
  'POST /notifications/paginate': fixed(() => '/notifications/paginate', {}),
  'GET /notifications/notification/markasread/:id': fixed(
    (s) => `/notifications/notification/markasread/${s.notificationId}`,
  ),
  'PUT /notifications/notification/:id': async (s) => ({
    path: `/notifications/notification/${await s.fresh.notification()}`,
  }),
  'POST /notifications/all/markallasread': fixed(() => '/notifications/all/markallasread', {}),
  'GET /notifications/stream': fixed(() => '/notifications/stream?last_event_id=x'),

  // Saved searches (issue 18): the stranger's own; one for the idempotent "seen", a fresh one
  // for each delete cell.
  'GET /searches': fixed(() => '/searches'),
  'POST /searches': fixed(() => '/searches', { name: 'matrix', query: { name: 'toyota' } }),
  'POST /searches/:id/seen': async (s) => ({
    path: `/searches/${await strangerSearch(s)}/seen`,
  }),
  'DELETE /searches/:id': async (s) => ({ path: `/searches/${await newStrangerSearch(s)}` }),

  'GET /docs/json': fixed(() => '/docs/json'),
  'GET /media/:file': fixed((s) => `/media/${s.strangerPhoto}-small.webp`),
  'GET /products/:id/phone': fixed((s) => `/products/${s.productId}/phone`),
  'GET /shops/:id/phone': fixed((s) => `/shops/${s.shopId}/phone`),
  'GET /shops/:id/phone · unknown shop': fixed(() => '/shops/999999/phone'),
  'GET /users/:id/phone': fixed((s) => `/users/${strangerId(s)}/phone`),
  'GET /users/:id/phone · unknown user': fixed(() => '/users/999999/phone'),
  'POST /products/:id/events': fixed((s) => `/products/${s.productId}/events`, { kind: 'view' }),
  'GET /shops/:id/insights': fixed((s) => `/shops/${s.shopId}/insights?days=7`),
  'GET /shops/:id/insights · unknown shop': fixed(() => '/shops/999999/insights'),

  'GET /routing/route': fixed(() => '/routing/route?from=-15.9785,18.0858&to=-15.9785,19.8844'),

  // Issue 21: an unknown login each time (per-login limits stay out of the way; nothing is sent).
  'POST /password/forgot': () => ({ path: '/password/forgot', body: { login: nextPhone() } }),
  'POST /password/code': () => ({
    path: '/password/code',
    body: { login: nextPhone(), code: '000000' },
  }),
  'POST /password/reset': () => ({
    path: '/password/reset',
    body: {
      login: nextPhone(),
      code: '000000',
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    },
  }),
  'POST /users/phone/verify/send': fixed(() => '/users/phone/verify/send'),
  'POST /users/phone/verify': fixed(() => '/users/phone/verify', { code: '000000' }),

  // Issue 16 item 3 (docs/seo.md): crawlers' files; category pages are pages only (JSON: 404).
  'GET /robots.txt': fixed(() => '/robots.txt'),
  'GET /sitemap.xml': fixed(() => '/sitemap.xml'),
  'GET /sitemaps/:file': fixed(() => '/sitemaps/categories-1.xml'),
  'GET /categories/:id': fixed((s) => `/categories/${s.categoryId}`),
  'GET /categories/:id/subcategories/:subcategoryId': fixed(
    (s) => `/categories/${s.categoryId}/subcategories/${s.subcategoryId}`,
  ),

  // Issue 16 item 5 (docs/offline.md): the manifest, and the build's files (none in these suites).
  'GET /manifest.webmanifest': fixed(() => '/manifest.webmanifest'),
  'GET /sw.js': fixed(() => '/sw.js'),
  'GET /offline.html': fixed(() => '/offline.html'),
  'GET /favicon.svg': fixed(() => '/favicon.svg'),
  'GET /icons/:file': fixed(() => '/icons/icon-192.png'),
  // A page's stylesheets as one file (server/plugins/page-styles.ts): no build here, none named.
  'GET /assets/views/:file': fixed(() => '/assets/views/0123456789abcdef.css'),
};
