import { expect, test } from './fixtures';
import { chooseLanguage, randomPhone, signIn, testLanguage } from './helpers';
import { catalogueSubcategory, createAccount, shotBoth } from './shops-helpers';
import { expireListing } from './database';

// Issue 32 (docs/lifecycle.md): an offer past its end keeps its page, for its owner to renew:
// a notice that it expired linking to similar live offers, `noindex` for search engines, and for
// its owner "renew", after which the notice goes. The offer is aged in the server's database
// (e2e/database.ts). Screenshots: test-results/screenshots/<lang>-<size>-expired-offer*.png.

test('an expired offer says so, points to live ones, is not indexed, and its owner renews it', async ({
  page,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const phone = randomPhone();
  const seller = await createAccount(baseURL!, phone, { first_name: 'Sidi', last_name: 'Ahmed' });
  const sub = await catalogueSubcategory(seller, 'multimedia', 'phones');
  const stamp = Date.now() % 100000;
  const ids: number[] = [];
  const names = [`iPhone 12 ${lang} ${stamp}`, `Galaxy S22 ${lang} ${stamp}`];
  for (const name of names) {
    const { product } = (await seller.send('POST', '/products/create/offer', {
      name,
      price: 9000,
      psubcategory_id: sub,
    })) as { product: { id: number } };
    ids.push(product.id);
  }
  await seller.api.dispose();
  const [expiredId, liveId] = ids;
  const [expiredName, liveName] = names;
  expireListing(expiredId);
  // The server keeps an offer's answer at most 2 s in memory (SQLite): past that, it reads the end.
  await page.waitForTimeout(2_500);

  const robots = page.locator('head meta[name="robots"]');
  const view = page.locator('.offer-view');
  const notice = view.locator('.offer-view__expired');
  const renew = view.getByRole('button', { name: t.listing_renew });

  // A visitor: the notice, links to live offers like it, no renew, and noindex from the server.
  await page.goto(`/products/product/${liveId}`);
  await chooseLanguage(page, lang);
  await expect(view.getByRole('heading', { name: liveName, level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(notice).toHaveCount(0);
  await expect(robots).toHaveCount(0);

  const served = await page.request.get(`/products/product/${expiredId}`, {
    headers: { accept: 'text/html' },
  });
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain('<meta name="robots" content="noindex">');
  await page.goto(`/products/product/${expiredId}`);
  await expect(view.getByRole('heading', { name: expiredName, level: 1 })).toBeVisible();
  await expect(notice).toContainText(t.listing_expired_offer);
  await expect(robots).toHaveAttribute('content', 'noindex');
  await expect(renew).toHaveCount(0);
  await notice.getByRole('link', { name: t.similar_offers }).click();
  const similar = page.locator('#similar');
  await expect(similar.getByRole('article', { name: liveName })).toBeVisible({ timeout: 20_000 });
  await expect(similar.getByRole('article', { name: expiredName })).toHaveCount(0);

  // Its owner: the same notice, and renew; renewed, it is live again and indexable.
  await signIn(page, phone, 'a-good-password');
  await expect(page).toHaveURL('/');
  await chooseLanguage(page, lang);
  await page.goto(`/products/product/${expiredId}`);
  await expect(view.getByRole('heading', { name: expiredName, level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(notice).toBeVisible();
  await expect(renew).toBeVisible();
  await shotBoth(page, lang, 'expired-offer', { at: page.locator('.offer-view__body') });
  await shotBoth(page, lang, 'expired-offer-similar', { at: similar });

  const renewed = page.waitForResponse(
    (r) => r.url().endsWith(`/products/${expiredId}/renew`) && r.request().method() === 'POST',
  );
  await renew.click();
  expect((await renewed).status()).toBe(200);
  await expect(notice).toHaveCount(0);
  await expect(renew).toHaveCount(0);
  await shotBoth(page, lang, 'expired-offer-renewed', { at: page.locator('.offer-view__body') });
  await page.reload();
  await expect(view.getByRole('heading', { name: expiredName, level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(robots).toHaveCount(0);
});
