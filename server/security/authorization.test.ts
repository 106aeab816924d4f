import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { REQUESTS } from './support/matrix-requests';
import { buildScenario, ROLES, type Scenario } from './support/scenario';

// The authorization matrix: every route of app.routeTable × every kind of caller, with the status
// SPEC §6, DESIGN §6 and the features' docs (docs/*.md, where both are silent) give. Written out
// by hand on purpose: computing it from `can.*` would test the code against itself.
//
// Columns: anonymous · stranger (a plain user outside the shop, who wrote the comment and the
// commands; on account rows, the account's own user) · another plain user · the shop's employee,
// moderator, admin and owner (the product's poster) · site moderator · site admin.
// A row key is the route as registered, optionally followed by ` · variant` for a second target.

type Row = readonly [number, number, number, number, number, number, number, number, number];
const all = (status: number) => ROLES.map(() => status) as unknown as Row;
const signedIn = (status: number) =>
  ROLES.map((role) => (role === 'anonymous' ? 401 : status)) as unknown as Row;

// prettier-ignore
const TABLE: Record<string, Row> = {
  //                                                        anon strg othr empl smod sadm ownr site-m site-a
  'GET /healthz':                                            all(200),
  'GET /readyz':                                             all(200),
  // Issue 34: off here (no METRICS_TOKEN or METRICS_PORT): 404 for everyone; with a token, the
  // token alone decides, not the session (server/plugins/metrics.test.ts).
  'GET /metrics':                                            all(404),
  'GET /localisation/:lang':                                 all(200),
  'POST /localisation/:lang':                                all(200),
  'POST /register':                                          all(201),
  'POST /login':                                             all(200),
  'POST /logout':                                            all(204),
  'GET /users/me':                                           all(200),
  'PUT /users/password':                                     signedIn(204),
  'GET /users/user/:id':                                     all(200),
  'GET /images/users/icons/:name':                           all(301),
  // docs/shops-users.md: the user or a site admin edits a profile; SPEC §6: deleting one too.
  'PUT /users/:id':                                          [401, 200, 403, 403, 403, 403, 403, 403, 200],
  'DELETE /users/:id':                                       [401, 204, 403, 403, 403, 403, 403, 403, 204],
  // Issue 34 item 5 (docs/accounts.md): one's own data, for the signed-in; the audit trail is the
  // site admins' (docs/operations.md).
  'GET /users/me/export':                                    signedIn(200),
  'DELETE /users/me':                                        signedIn(204),
  'GET /admin/audit':                                        [401, 403, 403, 403, 403, 403, 403, 403, 200],

  // docs/shops-users.md: owner, shop admin, site admin edit; owner, site admin delete; staff is
  // the owner's and the shop admins' to manage (site admins have no power over it).
  'GET /shops/shop/:id':                                     all(200),
  'GET /shops/paginate/all/0':                               all(200),
  'POST /shops/create':                                      signedIn(201),
  'PUT /shops/:id':                                          [401, 403, 403, 403, 403, 200, 200, 403, 200],
  'DELETE /shops/:id':                                       [401, 403, 403, 403, 403, 403, 204, 403, 204],
  'GET /shops/:id/employees':                                all(200),
  'POST /shops/:id/employees':                               [401, 403, 403, 403, 403, 201, 201, 403, 403],
  'PUT /shops/:id/employees/:userId':                        [401, 403, 403, 403, 403, 200, 200, 403, 403],
  'DELETE /shops/:id/employees/:userId':                     [401, 403, 403, 403, 403, 204, 204, 403, 403],
  // Invitations (docs/shops-users.md): one's own (none here: 404); managers withdraw.
  'GET /shops/invitations':                                  signedIn(200),
  'POST /shops/:id/invitation/accept':                       [401, 404, 404, 404, 404, 404, 404, 404, 404],
  'POST /shops/:id/invitation/decline':                      [401, 404, 404, 404, 404, 404, 404, 404, 404],
  'DELETE /shops/:id/invitations/:invitationId':             [401, 403, 403, 403, 403, 204, 204, 403, 403],

  // SPEC §6: create, edit, delete category, subcategory, field: admin or moderator only.
  'POST /pcategories/paginate':                              all(200),
  'GET /pcategories/all':                                    all(200),
  'POST /pcategories/create':                                [401, 403, 403, 403, 403, 403, 403, 201, 201],
  'PUT /pcategories/:id':                                    [401, 403, 403, 403, 403, 403, 403, 200, 200],
  'DELETE /pcategories/:id':                                 [401, 403, 403, 403, 403, 403, 403, 204, 204],
  'GET /psubcategories/pcategory/:id':                       all(200),
  'GET /psubcategories/v2/paginate':                         all(200),
  'POST /psubcategories/create/:pcategory_id':               [401, 403, 403, 403, 403, 403, 403, 201, 201],
  'PUT /psubcategories/:id':                                 [401, 403, 403, 403, 403, 403, 403, 200, 200],
  'DELETE /psubcategories/:id':                              [401, 403, 403, 403, 403, 403, 403, 204, 204],
  'GET /pfields/psubcategory/:id':                           all(200),
  'POST /pfields/create/:psubcategoryId':                    [401, 403, 403, 403, 403, 403, 403, 201, 201],
  'PUT /pfields/:id':                                        [401, 403, 403, 403, 403, 403, 403, 200, 200],
  'DELETE /pfields/:id':                                     [401, 403, 403, 403, 403, 403, 403, 204, 204],
  // DESIGN §4: anyone logs; docs/catalog.md: site staff read the logs.
  'POST /frontends/logs':                                    all(201),
  'GET /admin/frontends/logs':                               [401, 403, 403, 403, 403, 403, 403, 200, 200],

  // SPEC §6: comment and reply: signed in; edit or delete a comment: admin or the author; reply to
  // a command: admin, its author, the shop's owner, admin or moderator. DESIGN §6: a private
  // command is seen by its author, the shop's owner, admin and moderator, and site admins
  // (docs/conversations.md: 404 to the others, so that its existence does not leak).
  'POST /comments/:type/:id':                                all(200),
  'POST /comments/:type/:id · private command':              [404, 200, 404, 404, 200, 200, 200, 404, 200],
  'GET /comments/comment/:id':                               all(200),
  'GET /comments/comment/:id · private thread':              [404, 200, 404, 404, 200, 200, 200, 404, 200],
  'POST /comments/create/:type/:id':                         signedIn(201),
  'POST /comments/create/:type/:id · reply':                 signedIn(201),
  'POST /comments/create/:type/:id · command':               [401, 201, 403, 403, 201, 201, 201, 403, 201],
  'POST /comments/create/:type/:id · private command':       [401, 201, 404, 404, 201, 201, 201, 404, 201],
  'PUT /comments/:id':                                       [401, 200, 403, 403, 403, 403, 403, 403, 200],
  'DELETE /comments/:id':                                    [401, 204, 403, 403, 403, 403, 403, 403, 204],

  // SPEC §6: command: signed in; DESIGN §6: not the shop's own staff. Edit or delete: admin or
  // the author, only while unsold (docs/conversations.md: 422 once sold). Mark sold: the shop's
  // owner, admin or moderator, only if unsold.
  'POST /commands/product/:productId':                       all(200),
  'GET /commands/command/:id':                               all(200),
  'GET /commands/command/:id · private':                     [404, 200, 404, 404, 200, 200, 200, 404, 200],
  'POST /commands/create/product/:productId':                [401, 201, 201, 403, 403, 403, 403, 201, 201],
  'PUT /commands/:id':                                       [401, 200, 403, 403, 403, 403, 403, 403, 200],
  'PUT /commands/:id · sold':                                [401, 422, 403, 403, 403, 403, 403, 403, 422],
  'DELETE /commands/:id':                                    [401, 204, 403, 403, 403, 403, 403, 403, 204],
  'DELETE /commands/:id · sold':                             [401, 422, 403, 403, 403, 403, 403, 403, 422],
  'GET /commands/sold/:id':                                  [401, 403, 403, 403, 200, 200, 200, 403, 403],
  'GET /commands/sold/:id · sold':                           [401, 403, 403, 403, 422, 422, 422, 403, 403],

  // DESIGN §6: the shop's staff post and edit its offers; deleting needs its owner, admin or
  // moderator, or site staff. Save, react: signed in; report: not the shop's own staff.
  'POST /products/create/:type':                             [401, 403, 403, 201, 201, 201, 201, 403, 403],
  'PUT /products/:id':                                       [401, 403, 403, 200, 200, 200, 200, 403, 403],
  'DELETE /products/:id':                                    [401, 403, 403, 403, 204, 204, 204, 204, 204],
  'GET /products/product/:id':                               all(200),
  'GET /products/product/:id/:notificationId':               all(200),
  'GET /products/similar/:id':                               all(200),
  'POST /products/favorites/paginate':                       signedIn(200),
  'GET /products/favorite/add/:id':                          signedIn(200),
  'GET /products/favorite/remove/:id':                       signedIn(200),
  'GET /products/report/add/:id':                            [401, 200, 200, 403, 403, 403, 403, 200, 200],
  'GET /products/report/remove/:id':                         signedIn(200),
  'POST /reactions/create/:type/:id':                        signedIn(200),
  'POST /reactions/create/:type/:id · private command':      [401, 200, 404, 404, 200, 200, 200, 404, 200],
  'POST /reactions/create/:type/:id · private thread':       [401, 200, 404, 404, 200, 200, 200, 404, 200],
  'POST /products/:source_name/:source_id/search':           all(200),
  // Issue 32 (docs/lifecycle.md): the shop's managers and the offer's poster (the owner here);
  // an employee does not manage a colleague's post, nor do site staff. Renewing a new offer is
  // too soon (422), bumping it too (429); "My offers" is anyone's own list.
  'POST /products/:id/renew':                                [401, 403, 403, 403, 422, 422, 422, 403, 403],
  'POST /products/:id/bump':                                 [401, 403, 403, 403, 429, 429, 429, 403, 403],
  'POST /products/:id/sold':                                 [401, 403, 403, 403, 200, 200, 200, 403, 403],
  'DELETE /products/:id/sold':                               [401, 403, 403, 403, 200, 200, 200, 403, 403],
  'GET /users/me/products':                                  signedIn(200),
  // Issue 32 items 5 and 8 (docs/ratings.md): only the buyer of an accepted command rates; any of
  // the shop's staff answers; anyone reads ratings and trust; anyone signed in but the author
  // reports a rating (the author here is a new buyer outside the columns).
  'POST /commands/:id/rating':                               [401, 201, 403, 403, 403, 403, 403, 403, 403],
  'GET /commands/:id/rating':                                all(200),
  'POST /ratings/:id/answer':                                [401, 403, 403, 200, 200, 200, 200, 403, 403],
  'POST /ratings/:id/reports':                               signedIn(201),
  'GET /shops/:id/ratings':                                  all(200),
  'GET /shops/:id/trust':                                    all(200),
  // Issue 32 item 6 (docs/price-hints.md): for anyone, limited per address.
  'GET /psubcategories/:id/price-hint':                      all(200),

  // SPEC §6: notification actions: the user's own (docs/notifications.md: others' answer 404).
  'GET /notifications/unreadnotifications/count':            signedIn(200),
  'POST /notifications/paginate':                            signedIn(200),
  'GET /notifications/notification/markasread/:id':          [401, 404, 404, 404, 404, 404, 200, 404, 404],
  'PUT /notifications/notification/:id':                     [401, 404, 404, 404, 404, 404, 204, 404, 404],
  'POST /notifications/all/markallasread':                   signedIn(200),
  // Issue 18: the live stream. Asked with a bad last_event_id so that it answers (422) rather than
  // stream forever; 401 comes first for anonymous. The stream itself: notifications.stream.test.ts.
  'GET /notifications/stream':                               signedIn(422),

  // Saved searches (DESIGN §4, docs/searches.md): the signed-in user's own; others' ids 404.
  'GET /searches':                                           signedIn(200),
  'POST /searches':                                          signedIn(201),
  'POST /searches/:id/seen':                                 [401, 200, 404, 404, 404, 404, 404, 404, 404],
  'DELETE /searches/:id':                                    [401, 204, 404, 404, 404, 404, 404, 404, 404],

  // Issue 19 (docs/trust.md): reports with a reason by anyone signed in but the author (a
  // product's: its shop staff); the queue, its log, its actions and bans: site staff only.
  'POST /products/:id/reports':                              [401, 201, 201, 403, 403, 403, 403, 201, 201],
  // The shop's people are established accounts (scenario.ts): the third of them (shop admin)
  // auto-hides the stranger's comment and command, which then answer the owner 404.
  'POST /comments/:id/reports':                              [401, 403, 201, 201, 201, 201, 404, 201, 201],
  'POST /commands/:id/reports':                              [401, 403, 201, 201, 201, 201, 404, 201, 201],
  'GET /admin/moderation':                                   [401, 403, 403, 403, 403, 403, 403, 200, 200],
  'GET /admin/moderation/log':                               [401, 403, 403, 403, 403, 403, 403, 200, 200],
  'POST /admin/moderation/:type/:id':                        [401, 403, 403, 403, 403, 403, 403, 200, 200],
  'POST /admin/users/:id/ban':                               [401, 403, 403, 403, 403, 403, 403, 200, 200],
  'DELETE /admin/users/:id/ban':                             [401, 403, 403, 403, 403, 403, 403, 200, 200],

  'GET /docs/json':                                          all(200),
  'GET /media/:file':                                        all(200),

  // Issue 19 items 5 and 6 (docs/insights.md): anyone reveals a number and records an event
  // (both limited per address); a shop's insights are for its own staff, whatever their role.
  'GET /products/:id/phone':                                 all(200),
  // Issue 29 item 2 (docs/shops-users.md): a shop's and a user's numbers on tap, for anyone, under
  // the same per-address and per-account limits as the offers'.
  'GET /shops/:id/phone':                                    all(200),
  'GET /shops/:id/phone · unknown shop':                     all(404),
  'GET /users/:id/phone':                                    all(200),
  'GET /users/:id/phone · unknown user':                     all(404),
  'POST /products/:id/events':                               all(204),
  'GET /shops/:id/insights':                                 [401, 403, 403, 200, 200, 200, 200, 403, 403],
  'GET /shops/:id/insights · unknown shop':                  [401, 404, 404, 404, 404, 404, 404, 404, 404],
  // Issue 21 (docs/accounts.md): anyone asks for a reset (202 alike for unknown logins) and tries a
  // code (a wrong one: 422 for everyone); phone checks are the signed-in user's own.
  'POST /password/forgot':                                   all(202),
  'POST /password/code':                                     all(422),
  'POST /password/reset':                                    all(422),
  'POST /users/phone/verify/send':                           signedIn(202),
  'POST /users/phone/verify':                                signedIn(422),
  // Issue 20 item 17 (docs/journeys.md "Maps"): the routing proxy is for anyone (points 200 km
  // apart here: too far, the routing service is not asked).
  'GET /routing/route':                                      all(200),

  // Issue 16 item 3 (docs/seo.md): public; the category pages answer JSON callers 404.
  'GET /robots.txt':                                         all(200),
  'GET /sitemap.xml':                                        all(200),
  'GET /sitemaps/:file':                                     all(200),
  'GET /categories/:id':                                     all(404),
  'GET /categories/:id/subcategories/:subcategoryId':        all(404),

  // Issue 16 item 5 (docs/offline.md): public; the built files are not there in these suites.
  'GET /manifest.webmanifest':                               all(200),
  'GET /sw.js':                                              all(404),
  'GET /offline.html':                                       all(404),
  'GET /favicon.svg':                                        all(404),
  'GET /icons/:file':                                        all(404),
  'GET /assets/views/:file':                                 all(404),
};

const routeOf = (key: string) => key.split(' · ')[0];

describeEachEngine('authorization matrix', (ctx) => {
  let s: Scenario;
  beforeAll(async () => {
    s = await buildScenario(ctx());
  }, 60_000);

  it('has a row for every registered route, and a request for every row', () => {
    const routes = ctx().app.routeTable.map((r) => `${r.method} ${r.url}`);
    const covered = new Set(Object.keys(TABLE).map(routeOf));
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !routes.includes(r))).toEqual([]);
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(TABLE).sort());
  });

  it.each(Object.keys(TABLE))('%s', async (key) => {
    const method = routeOf(key).split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const actual: number[] = [];
    for (const role of ROLES) {
      const request = await REQUESTS[key](s, role);
      const client = request.as ?? s.as(role);
      const res = await client.request(method, request.path, { body: request.body });
      actual.push(res.statusCode);
    }
    expect(actual).toEqual(TABLE[key]);
  });
});
