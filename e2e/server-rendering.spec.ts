import { expect, test } from './fixtures';
import { testLanguage } from './helpers';

// Issue 16 "Done when": on a 360 px phone with JavaScript turned off, the home, a search, an offer
// and a shop show their content (server rendering, DESIGN §11); an unknown offer answers 404. With
// JavaScript on, the browser takes the server's HTML over without re-rendering it (no hydration
// error) and without asking again for the data the page came with.

test.describe('with JavaScript off, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test('the home, a search, an offer and its shop show their content', async ({ page }, info) => {
    const { lang, t } = testLanguage(info);
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('.hero__title')).toHaveText(t.home_hero_title);
    // The first category's first rows come with their offers.
    await expect(page.locator('.offer-card').first()).toBeVisible();

    await page.goto('/market');
    const first = page.locator('.offer-card').first();
    await expect(first).toBeVisible();
    const name = (await first.locator('.offer-card__name').innerText()).trim();
    const word = name.split(/\s+/)[0];

    await page.goto(`/search?name=${encodeURIComponent(word)}`);
    await expect(page.locator('.offer-card').first()).toBeVisible();
    await expect(page.locator('.offer-card__name', { hasText: word }).first()).toBeVisible();

    // A plain link: without JavaScript the browser follows it to the offer's own page.
    await page.goto('/market');
    await first.locator('a.offer-card__main').click();
    await expect(page).toHaveURL(/\/products\/product\/\d+$/);
    await expect(page.locator('h1')).toContainText(name);

    const shopLink = page.locator('a[href^="/shops/shop/"]').first();
    const shopHref = await shopLink.getAttribute('href');
    const shop = await page.goto(shopHref!);
    expect(shop?.status()).toBe(200);
    await expect(page.locator('.shop-header')).toBeVisible();
    await expect(page.locator('.offer-card').first()).toBeVisible();
  });

  test('an unknown offer answers 404 with the not-found page', async ({ page }, info) => {
    const { t } = testLanguage(info);
    const res = await page.goto('/products/product/999999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByText(t.product_not_found)).toBeVisible();
    const unknown = await page.goto('/no/such/page');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByText(t.not_found_title)).toBeVisible();
  });
});

test('the browser takes over the server pages without re-rendering or re-fetching', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#41[89]|#42[35]/i.test(message.text())) {
      problems.push(`${page.url()}: ${message.text()}`);
    }
  });
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const page = /^\/(products\/product|shops\/shop|users\/user|products\/all|pcategories)/;
    if (request.headers()['x-requested-with'] && page.test(url.pathname)) reads.push(url.pathname);
  });
  await page.goto('/market');
  const offer = await page.locator('a.offer-card__main').first().getAttribute('href');
  for (const url of ['/', '/market', offer!, '/no/such/page']) {
    reads.length = 0;
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    expect(reads, url).toEqual([]);
  }
  expect(problems).toEqual([]);
});
