import { expect, test, type Page } from './fixtures';
import { MAP } from '../shared/constants';
import { startMapStandIn, tilePng, type MapStandIn } from './map-stand-in';
import { randomPhone, signIn, signUp, testLanguage } from './helpers';
import { createAccount, fill, shotBoth, type ApiUser } from './shops-helpers';

// Issue 9, end to end in ar and fr: a professional shop is created with a logo and a place picked
// on the map; its page shows the map, and a route from the visitor (walking 500 m away, driving
// 5 km away, none 150 km away: SPEC §9) from the routing stand-in; a team is run from its page
// (add by phone, change a role, remove; the server's refusals shown); an employee's offer shows
// in its list. Screenshots of every shop screen at 360×740 and 1280×800.

const PORT = Number(process.env.E2E_PORT ?? 3100);
let standIn: MapStandIn;

test.beforeAll(async () => {
  standIn = await startMapStandIn(PORT + 1);
});
test.afterAll(async () => {
  await standIn?.close();
});

/** A point about `km` kilometres north-east of `at` (1° of latitude ≈ 111.195 km). */
const away = (at: { latitude: number; longitude: number }, km: number) => {
  const step = km / Math.SQRT2 / 111.195;
  return {
    latitude: at.latitude + step,
    longitude: at.longitude + step / Math.cos((at.latitude * Math.PI) / 180),
  };
};

async function shopJson(page: Page, id: number) {
  const response = await page.request.get(`/shops/shop/${id}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).shop as {
    latitude: number;
    longitude: number;
    logo_small_url: string | null;
    is_professional: boolean;
    employees: { id: number; pivot: { role: string } }[];
  };
}

test('a professional shop: created with a logo and a place, its map and routes, its team', async ({
  page,
  context,
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const longName =
    lang === 'ar'
      ? 'متجر النور للأجهزة الكهربائية والإلكترونيات والهواتف في تفرغ زينة'
      : 'Quincaillerie et électroménager Ennour de Tevragh Zeina, Nouakchott';

  // A colleague to hire, with an account of their own.
  const colleague: ApiUser = await createAccount(baseURL!, randomPhone(), {
    first_name: 'Sidi',
    last_name: 'Ould Cheikh',
  });

  await signUp(page, randomPhone());
  await page.goto('/shops/new');
  await expect(page.getByRole('heading', { level: 1, name: t.create_shop })).toBeVisible();
  await expect(page.locator('.location-picker .leaflet-container')).toBeVisible();
  await shotBoth(page, lang, 'shop-new', {
    ready: () =>
      expect(page.locator('.location-picker .leaflet-tile-loaded').first()).toBeVisible(),
  });

  // The browser checks first: no name, a bad phone.
  await page.locator('input[name=phone_1]').fill('123');
  await page.getByRole('button', { name: t.create_shop }).click();
  await expect(page.locator('input[name=name]')).toHaveAccessibleDescription(t.required);
  await expect(page.locator('input[name=phone_1]')).toHaveAccessibleDescription(t.phone_bad_input);
  await expect(page.locator('input[name=name]')).toBeFocused();
  await shotBoth(page, lang, 'shop-new-errors');

  await page.locator('input[name=name]').fill(longName);
  await page.locator('input[name=phone_1]').fill('22 45 67 89');
  await page.locator('input[name=first_whatsapp_number]').fill('22456789');
  await page.locator('input[name=email]').fill('ennour@example.mr');
  await page.locator('select[name=pcategory_id]').selectOption({ index: 3 });
  await page
    .locator('textarea[name=description]')
    .fill(lang === 'ar' ? 'كل ما تحتاجه للبيت والورشة.' : 'Tout pour la maison et l’atelier.');
  await page.getByRole('checkbox', { name: t.is_professional }).check();
  // A logo, previewed before it is sent.
  await page
    .locator('input[type=file][data-field=logo]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tilePng() });
  await expect(page.locator('.image-field__preview img').first()).toHaveAttribute('src', /^blob:/);
  // The place: a click in the middle of the map.
  await page.locator('.location-picker .leaflet-container').click();
  await expect(page.locator('.location-picker .leaflet-marker-icon')).toBeVisible();
  await expect(page.locator('.location-picker__value')).toContainText(/18\.\d+, -15\.\d+/);
  await page.getByRole('button', { name: t.create_shop }).click();

  await expect(page).toHaveURL(/\/shops\/shop\/\d+$/);
  const shopId = Number(page.url().split('/').pop());
  const created = await shopJson(page, shopId);
  expect(created.is_professional).toBe(true);
  expect(created.logo_small_url).toMatch(/^\/media\/.+-small\.webp$/);
  expect(Math.abs(created.latitude - 18.0858)).toBeLessThan(0.01);
  const shop = { latitude: created.latitude, longitude: created.longitude };

  // Its page: header, logo, contact links, the map with its marker and tiles from TILE_URL.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(longName);
  await expect(page.locator('.shop-header__logo img')).toHaveAttribute('src', /-small\.webp$/);
  await expect(page.getByRole('link', { name: t.call })).toHaveAttribute(
    'href',
    'tel:+22222456789',
  );
  await expect(page.getByRole('link', { name: t.whatsapp })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/22222456789\?text=/,
  );
  await expect(page.getByText(t.shop_kind_professional).first()).toBeVisible();
  await expect(page.locator('.shop-header .leaflet-marker-icon')).toBeVisible();
  await expect(page.locator('.shop-header .leaflet-tile-loaded').first()).toBeVisible();
  expect(standIn.requests.some((p) => /^\/tiles\/13\/\d+\/\d+\.png$/.test(p))).toBe(true);
  // No position given: no route, and nothing said about it (SPEC §8).
  await expect(page.locator('path.map__route')).toHaveCount(0);
  // Routes are asked of the site (GET /routing/route), which asks the routing stand-in; the
  // browser never meets the routing service, so a failing one leaves no console error.
  const routeRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/routing/route') routeRequests.push(r.url());
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });

  // 500 m away: a walking route.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(away(shop, 0.5));
  await page.reload();
  await expect(page.locator('path.map__route--foot')).toBeVisible();
  await expect(page.locator('.map-note--route')).toContainText(t.route_walking);
  expect(routeRequests).toHaveLength(1);
  // Asked by the server (in the other language's run the route may come from its cache).
  if (lang === 'ar')
    expect(standIn.requests.some((p) => p.startsWith('/route/v1/foot/'))).toBe(true);
  await shotBoth(page, lang, 'shop-page-walking', {
    ready: () => expect(page.locator('path.map__route--foot')).toBeVisible(),
  });
  await shotBoth(page, lang, 'shop-page-map', { at: page.locator('.contact-list') });
  await page.evaluate(() => window.scrollTo(0, 0));

  // 5 km away: a driving route.
  await context.setGeolocation(away(shop, 5));
  await page.reload();
  await expect(page.locator('path.map__route--driving')).toBeVisible();
  await expect(page.locator('.map-note--route')).toContainText(t.route_driving);
  expect(routeRequests.length).toBeGreaterThanOrEqual(2);

  // 3 km away while the routing service fails: the straight-line distance and a link to
  // directions elsewhere, and no error in the console (issue 20 item 17).
  standIn.failing = true;
  await context.setGeolocation(away(shop, 3));
  await page.reload();
  const straight = page.locator('.map-note--route[data-mode="straight"]');
  await expect(straight).toContainText(t.route_straight.split('{{distance}}')[0].trim());
  await expect(straight.getByRole('link', { name: t.route_open_in_maps })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/directions\?route=/,
  );
  await expect(page.locator('path.map__route')).toHaveCount(0);
  expect(standIn.requests.some((p) => p.startsWith('/route/v1/driving/'))).toBe(true);
  await shotBoth(page, lang, 'shop-page-no-routing', { at: straight });
  standIn.failing = false;
  expect(consoleErrors).toEqual([]);

  // 150 km away: no route, and the site is not even asked.
  const asked = routeRequests.length;
  await context.setGeolocation(away(shop, 150));
  await page.reload();
  await expect(
    page.getByText(fill(t.route_too_far, { km: MAP.routeMaxKm }), { exact: true }),
  ).toBeVisible();
  await expect(page.locator('path.map__route')).toHaveCount(0);
  expect(routeRequests.length).toBe(asked);
  await context.clearPermissions();

  // The team: the owner alone, then the colleague invited by phone (issue 14 item 5), who
  // accepts on their own "My shops" page.
  await page.getByRole('link', { name: new RegExp(t.shop_tab_employees) }).click();
  await expect(page).toHaveURL(/tab=employees/);
  const staff = page.locator('.staff-list:not(.staff-list--invited) .staff-list__item');
  const invited = page.locator('.staff-list--invited .staff-list__item');
  await expect(staff).toHaveCount(1);
  await expect(staff.first()).toContainText(t.shop_role_owner);
  const login = page.getByLabel(t.employee_login);
  const addButton = page.getByRole('button', { name: t.add_employee });

  // The server's refusal, under the field: neither a phone nor an e-mail.
  await login.fill('abc');
  await addButton.click();
  await expect(login).toHaveAccessibleDescription(new RegExp(t.bad_input));
  await shotBoth(page, lang, 'shop-employees-error', { at: page.locator('.shop-tabs') });

  await login.fill(colleague.phone);
  await page.getByLabel(t.role, { exact: true }).selectOption('employee');
  await addButton.click();
  await expect(page.locator('.staff-add').getByRole('status')).toContainText(colleague.phone);
  await expect(login).toHaveValue('');
  // Invited, not yet staff.
  await expect(invited).toHaveCount(1);
  await expect(invited.first()).toContainText(colleague.phone);
  await expect(invited.first()).toContainText(t.invited);
  await expect(staff).toHaveCount(1);
  await shotBoth(page, lang, 'shop-employees-invited', { at: page.locator('.shop-tabs') });

  // The colleague sees the invitation on "My shops" and accepts it.
  const theirs = await browser.newContext({ baseURL, locale: info.project.use.locale });
  const theirPage = await theirs.newPage();
  await signIn(theirPage, colleague.phone, 'a-good-password');
  await expect(theirPage).not.toHaveURL(/\/login/);
  await theirPage.goto('/account/shops');
  const invitation = theirPage.getByRole('region', { name: t.my_invitations });
  await expect(invitation).toContainText(longName);
  await expect(invitation).toContainText(fill(t.invitation_as, { role: t.shop_role_employee }));
  await shotBoth(theirPage, lang, 'my-shops-invitation');
  await invitation
    .getByRole('button', { name: fill(t.accept_invitation_named, { shop: longName }) })
    .click();
  await expect(invitation).toHaveCount(0);
  await expect(theirPage.locator('.my-shops__item').filter({ hasText: longName })).toContainText(
    t.shop_role_employee,
  );
  await theirs.close();

  await page.reload();
  await expect(staff).toHaveCount(2);
  await expect(invited).toHaveCount(0);
  const member = staff.filter({ hasText: 'Sidi Ould Cheikh' });
  const roleSelect = member.getByRole('combobox');
  await expect(roleSelect).toHaveValue('employee');

  // The colleague posts an offer for the shop; it shows in the shop's offers.
  const categories = (await colleague.send('GET', '/pcategories/all')) as {
    pcategories: { id: number }[];
  };
  const subcategories = (await colleague.send(
    'GET',
    `/psubcategories/pcategory/${categories.pcategories[2].id}`,
  )) as { psubcategories: { id: number }[] };
  await colleague.send('POST', '/products/create/offer', {
    name: 'Perceuse Bosch 18 V',
    psubcategory_id: subcategories.psubcategories[0].id,
    shop_id: shopId,
    price: 4500,
    number: 2,
  });

  // Change the role: moderator, which the server keeps.
  await roleSelect.selectOption('moderator');
  await expect(roleSelect).toBeEnabled();
  await expect
    .poll(async () => (await shopJson(page, shopId)).employees.find((e) => e.id === colleague.id))
    .toMatchObject({ pivot: { role: 'moderator' } });
  await page.reload();
  await expect(member.getByRole('combobox')).toHaveValue('moderator');
  // The owner is neither removable nor demotable: no control on their row.
  await expect(staff.first().getByRole('combobox')).toHaveCount(0);
  await expect(staff.first().getByRole('button')).toHaveCount(0);
  await shotBoth(page, lang, 'shop-employees', {
    ready: () => expect(staff).toHaveCount(2),
    at: page.locator('.shop-tabs'),
  });

  // Remove them, through the confirmation.
  await member
    .getByRole('button', {
      name: fill(t.remove_employee_named, { name: 'Sidi Ould Cheikh' }),
    })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await shotBoth(page, lang, 'shop-employee-remove-confirm');
  await dialog.getByRole('button', { name: t.yes, exact: true }).click();
  await expect(staff).toHaveCount(1);
  expect((await shopJson(page, shopId)).employees).toHaveLength(1);

  // The offer the colleague posted.
  await page.getByRole('link', { name: new RegExp(t.shop_tab_offers) }).click();
  await expect(page.getByText('Perceuse Bosch 18 V')).toBeVisible();
  await page.getByRole('link', { name: new RegExp(t.shop_tab_demands) }).click();
  await expect(page.getByText(t.shop_no_demands)).toBeVisible();
  await shotBoth(page, lang, 'shop-demands-empty', { at: page.locator('.shop-tabs') });

  // Edit: the form comes filled; a change shows on the page.
  await page.getByRole('link', { name: t.edit_shop }).click();
  await expect(page.locator('input[name=name]')).toHaveValue(longName);
  await expect(page.locator('.location-picker .leaflet-marker-icon')).toBeVisible();
  await shotBoth(page, lang, 'shop-edit', { fullPage: true });
  await page.locator('input[name=phone_2]').fill('36112233');
  await page.getByRole('button', { name: t.save_changes }).click();
  await expect(page).toHaveURL(new RegExp(`/shops/shop/${shopId}$`));
  await expect(page.locator('.contact-list')).toContainText('36 11 22 33');

  await colleague.api.dispose();
});

test('a visitor sees a shop of the demo without edit controls; an unknown shop says so', async ({
  page,
}, info) => {
  const { lang, t } = testLanguage(info);
  const list = await page.request.get('/shops/paginate/all/0?page=1', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const shops = (await list.json()).shops.data as {
    id: number;
    is_professional: boolean;
    offers_count: number;
    latitude: number | null;
  }[];
  // A demo shop (server/db/demo-seed.ts): professional, placed, with offers.
  const demo = shops.find((s) => s.is_professional && s.offers_count > 3 && s.latitude !== null)!;
  await page.goto(`/shops/shop/${demo.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.shop-products .offer-card').first()).toBeVisible();
  await expect(page.getByRole('link', { name: t.edit_shop })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t.delete_shop })).toHaveCount(0);
  // The first view: the map's still picture (the map and its scripts come when it is tapped).
  const still = page.locator('.shop-header .map-frame--still');
  await shotBoth(page, lang, 'shop-page-visitor', {
    ready: () => expect(still).toContainText(t.map_show),
  });
  await still.click();
  await expect(page.locator('.shop-header .leaflet-tile-loaded').first()).toBeVisible();
  await shotBoth(page, lang, 'shop-page-visitor-full', {
    fullPage: true,
    ready: () => expect(page.locator('.shop-header .leaflet-tile-loaded').first()).toBeVisible(),
  });

  await page.getByRole('link', { name: new RegExp(t.shop_tab_employees) }).click();
  await expect(page.locator('.staff-list__item').first()).toBeVisible();
  await expect(page.getByRole('button', { name: t.add_employee })).toHaveCount(0);
  await expect(page.locator('.staff-list select')).toHaveCount(0);
  await shotBoth(page, lang, 'shop-employees-visitor', { at: page.locator('.shop-tabs') });

  await page.goto('/shops/shop/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.shop_not_found);
  await shotBoth(page, lang, 'shop-not-found');
});

test('the owner deletes a shop through the confirmation, then is at home', async ({
  page,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info);
  const owner = await createAccount(baseURL!, randomPhone(), {
    first_name: 'Aminetou',
    last_name: 'Mint Salem',
  });
  const { shop } = (await owner.send('POST', '/shops/create', {
    name: 'Boutique à fermer',
    is_professional: 'yes',
  })) as { shop: { id: number } };
  // The page signs in as the owner with the same account.
  await page.goto('/login');
  await page.locator('input[name=login]').fill(owner.phone);
  await page.locator('input[name=password]').fill('a-good-password');
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL('/');
  await page.goto(`/shops/shop/${shop.id}`);
  await page.getByRole('button', { name: t.delete_shop }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t.confirm_delete_shop);
  await shotBoth(page, lang, 'shop-delete-confirm');
  await dialog.getByRole('button', { name: t.yes, exact: true }).click();
  await expect(page).toHaveURL('/');
  const gone = await page.request.get(`/shops/shop/${shop.id}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(gone.status()).toBe(404);
  await owner.api.dispose();
});
