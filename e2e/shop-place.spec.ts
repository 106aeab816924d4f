import { expect, test, type Page } from './fixtures';
import { placeName, placeOf } from '../shared/domain/places';
import { joinList } from '../shared/domain/language';
import { startMapStandIn, type MapStandIn } from './map-stand-in';
import { testLanguage, type Language } from './helpers';
import { fill, shotBoth } from './shops-helpers';

// Issue 35 item 12: with scripts off, a shop's map used to be a spinner that never stopped. The
// server now renders where the shop is in words and a link to the point on a maps site; with
// scripts on, the interactive map comes (at a tap on its still picture: issue 31 item 5), the
// place line under it.

const PORT = Number(process.env.E2E_PORT ?? 3100);
let standIn: MapStandIn;

test.beforeAll(async () => {
  standIn = await startMapStandIn(PORT + 1);
});
test.afterAll(async () => {
  await standIn?.close();
});

interface PlacedShop {
  id: number;
  latitude: number;
  longitude: number;
}

/** A demo professional shop with a place (the seed puts them in Nouakchott's moughataas). */
async function placedShop(page: Page): Promise<PlacedShop> {
  const response = await page.request.get('/shops/paginate/all/0?page=1', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.ok()).toBe(true);
  const shops = (await response.json()).shops.data as (PlacedShop & { latitude: number | null })[];
  const shop = shops.find((s) => s.latitude !== null && s.longitude !== null);
  expect(shop).toBeTruthy();
  return shop!;
}

function expectedPlace(shop: PlacedShop, language: Language, t: Record<string, string>) {
  const place = placeOf(shop)!;
  const names = [place.neighbourhood, place.town]
    .filter((p) => p !== null)
    .map((p) => placeName(p, language));
  return fill(t.place_in, { place: joinList(names, language) });
}

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("a shop's place is a line and a maps link, no spinner", async ({ page }, info) => {
    const { lang, t } = testLanguage(info);
    const shop = await placedShop(page);
    const res = await page.goto(`/shops/shop/${shop.id}`);
    expect(res?.status()).toBe(200);
    const header = page.locator('.shop-header');
    await expect(header).toBeVisible();
    // No spinner anywhere in the map's place, and no interactive map (nothing runs).
    await expect(header.locator('.shop-map .loader')).toHaveCount(0);
    await expect(header.locator('.leaflet-container')).toHaveCount(0);
    await expect(header.locator('.map-frame--still')).toBeVisible();
    const line = header.locator('.map-place');
    await expect(line).toContainText(expectedPlace(shop, lang, t));
    const link = line.getByRole('link', { name: t.map_open_in_maps });
    await expect(link).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/?mlat=${shop.latitude}&mlon=${shop.longitude}#map=16/${shop.latitude}/${shop.longitude}`,
    );
    await shotBoth(page, lang, 'shop-place-no-script', { at: header.locator('.shop-map') });
  });
});

test('with scripts on, a tap on the still brings the interactive map; the place line stays', async ({
  page,
}, info) => {
  const { lang, t } = testLanguage(info);
  const shop = await placedShop(page);
  // The first view does not load the map (nor the app): 93 KiB of scripts, not 211.
  const leaflet: string[] = [];
  page.on('request', (request) => {
    if (/leaflet/i.test(request.url())) leaflet.push(request.url());
  });
  await page.goto(`/shops/shop/${shop.id}`);
  const header = page.locator('.shop-header');
  const still = header.locator('.map-frame--still');
  await expect(still).toContainText(t.map_show);
  await page.waitForLoadState('networkidle');
  expect(leaflet).toEqual([]);
  await expect(header.locator('.leaflet-container')).toHaveCount(0);
  // A tap on it: the map comes in its place, and no maps site opens in another tab.
  const popups: string[] = [];
  page.context().on('page', (other) => popups.push(other.url()));
  await still.click();
  await expect(header.locator('.leaflet-container')).toBeVisible();
  await expect(header.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(header.locator('.map-frame--still')).toHaveCount(0);
  await expect(header.locator('.map-place')).toContainText(expectedPlace(shop, lang, t));
  await expect(header.getByRole('link', { name: t.map_open_in_maps })).toBeVisible();
  expect(popups).toEqual([]);
  await shotBoth(page, lang, 'shop-place-tapped', { at: header.locator('.shop-map') });
});

test('with a mouse, the map comes when it is over the still picture', async ({ page }, info) => {
  testLanguage(info);
  const shop = await placedShop(page);
  await page.goto(`/shops/shop/${shop.id}`);
  const header = page.locator('.shop-header');
  await expect(header.locator('.leaflet-container')).toHaveCount(0);
  await header.locator('.map-frame--still').hover();
  await expect(header.locator('.leaflet-container')).toBeVisible();
  await expect(header.locator('.leaflet-marker-icon')).toBeVisible();
});
