import { expect, test } from './fixtures';
import { chooseLanguage, deleteOffer, randomPhone, signIn, testLanguage } from './helpers';
import { catalogueSubcategory, createAccount, shotBoth } from './shops-helpers';
import { expireListing } from './database';

// Issue 32 (docs/lifecycle.md): an offer past its end keeps its page, for its owner to renew:
// a notice that it expired linking to similar live offers, `noindex` for search engines, and for
// its owner "renew" alone (no bump, next-bump date nor "mark sold" until it is renewed, on its page
// and in the expired tab of "My offers"), after which the notice goes. The offer is aged in the
// server's database (e2e/database.ts). Screenshots: test-results/screenshots/<lang>-<size>-expired-offer*.png.

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

  // Its owner: the same notice, and renew alone; renewed, it is live again and indexable.
  await signIn(page, phone, 'a-good-password');
  await expect(page).toHaveURL('/');
  await chooseLanguage(page, lang);
  const nextBump = t.listing_next_bump.split('{{')[0].trim();

  // "My offers", expired tab: renew, edit and delete; nothing else.
  await page.goto('/account/products?type=offer&status=expired');
  const item = page.getByTestId('my-product').filter({ hasText: expiredName });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item.getByRole('button', { name: t.listing_renew })).toBeVisible();
  await expect(item.getByRole('link', { name: t.edit_offer })).toBeVisible();
  await expect(item.getByRole('button', { name: t.delete_offer })).toBeVisible();
  await expect(item.getByRole('button', { name: t.listing_mark_sold })).toHaveCount(0);
  await expect(item.getByRole('button', { name: t.listing_bump })).toHaveCount(0);
  await expect(item).not.toContainText(nextBump);
  await shotBoth(page, lang, 'expired-offer-my-offers', { fullPage: true });

  await page.goto(`/products/product/${expiredId}`);
  await expect(view.getByRole('heading', { name: expiredName, level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(notice).toBeVisible();
  await expect(renew).toBeVisible();
  const actions = view.locator('.listing-actions');
  await expect(actions.getByRole('button', { name: t.listing_mark_sold })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: t.listing_bump })).toHaveCount(0);
  await expect(actions).not.toContainText(nextBump);
  await shotBoth(page, lang, 'expired-offer', { at: page.locator('.offer-view__body') });
  await shotBoth(page, lang, 'expired-offer-similar', { at: similar });

  const renewed = page.waitForResponse(
    (r) => r.url().endsWith(`/products/${expiredId}/renew`) && r.request().method() === 'POST',
  );
  await renew.click();
  expect((await renewed).status()).toBe(200);
  await expect(notice).toHaveCount(0);
  await expect(renew).toHaveCount(0);
  // Live again: it may be marked sold, and its next bump is dated.
  await expect(actions.getByRole('button', { name: t.listing_mark_sold })).toBeVisible();
  await expect(actions).toContainText(nextBump);
  await shotBoth(page, lang, 'expired-offer-renewed', { at: page.locator('.offer-view__body') });
  await page.reload();
  await expect(view.getByRole('heading', { name: expiredName, level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(robots).toHaveCount(0);

  // Later specs read the home page and search: what this one posted goes.
  for (const id of ids) expect(await deleteOffer(page, id)).toBe(204);
});
