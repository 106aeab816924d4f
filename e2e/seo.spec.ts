import { expect, test } from '@playwright/test';
import {
  dictionary,
  expectLanguage,
  otherLanguage,
  randomPhone,
  signUp,
  testLanguage,
} from './helpers';

// Issue 16 item 3 (docs/seo.md): both languages reachable by URL. A link with `?lang=` (from a
// search engine's result in the other language) opens the page in that language, whatever the
// browser's; it changes nothing for the visitor's next page, and the header's switch still works.

test('?lang= opens a page in that language for that visit only', async ({ page }, info) => {
  const { lang } = testLanguage(info, 60_000);
  const other = otherLanguage(lang);
  const o = dictionary(other);

  await page.goto(`/market?lang=${other}`);
  await expectLanguage(page, other);
  await expect(page.locator('#root main#main')).toBeVisible();
  await expect(page.getByRole('banner').getByText(o.nav_market).first()).toBeAttached();
  // The page names its address and the other language's.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/market\\?lang=${other}$`),
  );
  await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
    'href',
    new RegExp(`/market\\?lang=${lang}$`),
  );

  // An offer of the demo data, in the other language, with its structured data.
  const link = page.locator('a[href^="/products/product/"]').first();
  await expect(link).toBeAttached();
  const offer = (await link.getAttribute('href'))!.split('?')[0];
  await page.goto(`${offer}?lang=${other}`);
  await expectLanguage(page, other);
  const data = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}')['@type']));
  expect(data).toContain('BreadcrumbList');

  // No cookie was set: the next page without `lang` is in the browser's language again.
  await page.goto('/market');
  await expectLanguage(page, lang);

  // The header's switch from a `?lang=` page goes to the language it offers.
  await page.goto(`/market?lang=${lang}`);
  await page.locator('a.language-link').first().click();
  await expectLanguage(page, other);
  await expect(page).toHaveURL(/\/market$/);
});

test('a signed-in user switches language from a ?lang= page', async ({ page }, info) => {
  const { lang } = testLanguage(info, 60_000);
  const other = otherLanguage(lang);
  await signUp(page, randomPhone());
  // The stored language wins over the browser's, the address over both.
  await page.goto(`/market?lang=${other}`);
  await expectLanguage(page, other);
  await page.goto(`/market?lang=${lang}`);
  await expectLanguage(page, lang);
  // The switch stores the other language and reloads the page without the address's `lang`.
  await page.locator('a.language-link').first().click();
  await expect(page).toHaveURL(/\/market$/);
  await expectLanguage(page, other);
  await page.goto('/market');
  await expectLanguage(page, other);
});

test('robots.txt names the sitemap, which lists offer files', async ({ page }) => {
  const robots = await page.request.get('/robots.txt');
  expect(await robots.text()).toContain('/sitemap.xml');
  const index = await (await page.request.get('/sitemap.xml')).text();
  const file = /<loc>[^<]*(\/sitemaps\/products-\d+\.xml)<\/loc>/.exec(index)?.[1];
  expect(file).toBeTruthy();
  const urls = await (await page.request.get(file!)).text();
  expect(urls).toContain('/products/product/');
  expect(urls).toContain('hreflang="x-default"');
});
