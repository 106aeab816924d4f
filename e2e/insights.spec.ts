import { expect, test } from './fixtures';
import { randomPhone, signIn, testLanguage } from './helpers';
import { catalogueSubcategory, createAccount, expectFits, shotBoth } from './shops-helpers';

// Issue 19 items 5 and 6, as people do it: a visitor opens an offer from its shop's page and taps
// WhatsApp on its card (the number is asked for on the tap); the shop's owner then sees today's
// view and WhatsApp tap on the insights chart. Screenshots: test-results/screenshots/<lang>-…-insights*.

// Headless Chromium says so in its user agent, and robots are not counted: the visitor is a phone.
test.use({
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; SM-A515F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
});

test('a visitor taps WhatsApp on a card; the owner sees it on the insights chart', async ({
  page,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 90_000);
  const phone = randomPhone();
  const seller = await createAccount(baseURL!, phone, {
    first_name: 'Sidi',
    last_name: 'Ould Ahmed',
  });
  const phones = await catalogueSubcategory(seller, 'multimedia', 'phones');
  const name = `Samsung A54 ${lang} ${Date.now() % 100000}`;
  const { product } = (await seller.send('POST', '/products/create/offer', {
    name,
    price: 9000,
    psubcategory_id: phones,
  })) as { product: { id: number; shop_id: number } };
  await seller.api.dispose();

  // WhatsApp is not reached from here: its page is answered locally.
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>wa</title>' }),
    );

  // The visitor: the shop's page lists the offer; its card has no number until asked.
  await page.goto(`/shops/shop/${product.shop_id}`);
  const card = page.locator('.offer-card', { has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText(phone.slice(0, 2) + ' ' + phone.slice(2, 4));
  // Opening the offer (the shop's cards link to its page) counts a view.
  const viewed = page.waitForResponse(
    (r) => r.url().endsWith(`/products/${product.id}/events`) && r.status() === 204,
  );
  await card.locator('.offer-card__name').click();
  await expect(page).toHaveURL(`/products/product/${product.id}`);
  await viewed;
  await page.goBack();
  await expect(card).toBeVisible();

  // One tap on the call button asks for the number, one on WhatsApp opens it.
  const asked = page.waitForResponse((r) => r.url().endsWith(`/products/${product.id}/phone`));
  await card.getByRole('button', { name: t.phone_show }).click();
  expect((await asked).status()).toBe(200);
  const whatsapp = card.getByRole('link', { name: new RegExp(t.whatsapp) });
  await expect(whatsapp).toHaveAttribute('href', `https://wa.me/222${phone}`);
  const tapped = page.waitForResponse(
    (r) => r.url().endsWith(`/products/${product.id}/events`) && r.status() === 204,
  );
  const popup = page.waitForEvent('popup');
  await whatsapp.click();
  await (await popup).close();
  await tapped;

  // The owner, signed in, goes from the shop's page to its insights.
  await page.context().clearCookies();
  await signIn(page, phone, 'a-good-password');
  await expect(page).toHaveURL('/');
  await page.goto(`/shops/shop/${product.shop_id}`);
  await page.getByRole('link', { name: t.shop_insights }).click();
  await expect(page).toHaveURL(`/shops/insights/${product.shop_id}`);
  await expect(page.getByRole('heading', { name: t.insights_title, level: 1 })).toBeVisible();
  const today = page.getByTestId('insights-today');
  await expect(today).toContainText(t.insights_today_views.split('{{')[0].trim());
  const bars = page.locator('.insights-chart__day').last();
  await expect(bars.locator('.insights-chart__bar--views')).toHaveAttribute('data-value', '1');
  await expect(bars.locator('.insights-chart__bar--whatsapp')).toHaveAttribute('data-value', '1');
  const row = page.locator('.insights-table tbody tr', { hasText: name });
  await expect(row).toBeVisible();

  // Time runs in the reading direction: today's bars at the inline end.
  const xOf = async (day: typeof bars) =>
    Number(await day.locator('.insights-chart__bar--views').getAttribute('x'));
  const first = await xOf(page.locator('.insights-chart__day').first());
  const last = await xOf(bars);
  if (lang === 'ar') expect(last).toBeLessThan(first);
  else expect(last).toBeGreaterThan(first);

  await page.setViewportSize({ width: 320, height: 640 });
  await expectFits(page);
  await shotBoth(page, lang, 'insights', { fullPage: true });
});
