import { expect, test } from './fixtures';
import { testLanguage } from './helpers';
import { commentOn, newPerson, newPhoneOffer, pageOf, snapBoth } from './conversations.fixtures';

// Issue 18, in ar and fr: A's bell and list learn of B's comment within a second, through the
// live stream (GET /notifications/stream), without a reload, a focus or the 5-minute poll.

test('B comments on A’s offer: A’s bell and list change within a second, without reload', async ({
  browser,
  baseURL,
}, info) => {
  const { lang } = testLanguage(info, 60_000);
  const seller = await newPerson(baseURL!, lang, 'Aminetou', 'Mint Cheikh');
  const buyer = await newPerson(baseURL!, lang, 'Sidi', 'Ould Ahmed');
  const productId = await newPhoneOffer(seller, 'Tecno Spark 20', 2);

  const page = await pageOf(browser, seller, lang);
  const opened = page.waitForResponse((r) => r.url().endsWith('/notifications/stream'));
  await page.goto('/notifications/home');
  expect((await opened).status()).toBe(200);
  await expect(page.locator('.header-bell__badge')).toHaveCount(0);
  await expect(page.locator('.notification')).toHaveCount(0);
  // The stream is open: the first event has set the count.
  await page.waitForTimeout(300);

  // B, in a browser of their own, comments on A's offer.
  const buyerPage = await pageOf(browser, buyer, lang);
  await buyerPage.goto(`/products/product/${productId}`);
  await commentOn(buyer, 'product', productId, 'Toujours disponible ? Je suis à Arafat.');

  await expect(page.locator('.header-bell__badge')).toHaveText('1', { timeout: 1_000 });
  await expect(page.locator('.notification')).toHaveCount(1, { timeout: 1_000 });
  await snapBoth(page, lang, 'notifications-live');

  await commentOn(buyer, 'product', productId, 'Et le prix ?');
  await expect(page.locator('.header-bell__badge')).toHaveText('2', { timeout: 1_000 });
  await buyerPage.context().close();
  await page.context().close();
  await seller.call('DELETE', `/products/${productId}`);
});
