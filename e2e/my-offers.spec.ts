import { expect, test } from './fixtures';
import { chooseLanguage, deleteOffer, randomPhone, signIn, testLanguage } from './helpers';
import { catalogueSubcategory, createAccount, shotBoth } from './shops-helpers';

// Issue 32 items 2-4, as a seller and a buyer do it: the seller opens "My offers" from the account
// menu (tabs with counts), sees until when an offer is online and when it may next be bumped, marks
// it sold from the offer's page; the buyer who saved it hears of it in the bell; the seller finds
// it under "sold" and undoes the sale. Screenshots: test-results/screenshots/<lang>-…-my-offers*.

test('a seller marks an offer sold from My offers, a saver is told, the sale is undone', async ({
  page,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const phone = randomPhone();
  const seller = await createAccount(baseURL!, phone, { first_name: 'Sidi', last_name: 'Ahmed' });
  const sub = await catalogueSubcategory(seller, 'multimedia', 'phones');
  const stamp = Date.now() % 100000;
  const name = `iPhone 13 ${lang} ${stamp}`;
  const posted = [];
  for (const title of [name, `Galaxy S21 ${lang} ${stamp}`]) {
    posted.push(
      (
        (await seller.send('POST', '/products/create/offer', {
          name: title,
          price: 12000,
          psubcategory_id: sub,
        })) as { product: { id: number } }
      ).product,
    );
  }
  await seller.api.dispose();
  const offerId = posted[0].id;
  const buyer = await createAccount(baseURL!, randomPhone(), {
    first_name: 'Mariem',
    last_name: 'Mint Ahmed',
  });
  await buyer.send('GET', `/products/favorite/add/${offerId}`);

  // The seller: the account menu leads to "My offers".
  await signIn(page, phone, 'a-good-password');
  await expect(page).toHaveURL('/');
  // The home page has rendered: the menu closes on any navigation, and a click while the router
  // was still settling on the home page opened it just before it closed (a lost click).
  await expect(page.locator('.hero')).toBeVisible();
  await chooseLanguage(page, lang);
  await page.getByRole('button', { name: t.user_menu }).click();
  await page.getByRole('link', { name: t.my_products }).click();
  await expect(page).toHaveURL('/account/products');
  // The page's chunk loads on the first visit.
  await expect(page.getByRole('heading', { name: t.my_products, level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  const tabs = page.getByRole('navigation', { name: t.my_products_tabs });
  const live = tabs.getByRole('link', { name: new RegExp(t.my_products_tab_live) });
  await expect(live).toHaveAttribute('aria-current', 'page');
  await expect(live).toContainText('2');
  const item = page.getByTestId('my-product').filter({ hasText: name });
  await expect(item).toBeVisible();
  // Fresh: online for 60 days; the first bump opens in 7 (the date is said, no button).
  await expect(item).toContainText(t.listing_next_bump.split('{{')[0].trim());
  await expect(item.getByRole('button', { name: t.listing_bump })).toHaveCount(0);
  await shotBoth(page, lang, 'my-offers', { fullPage: true });

  // Marked sold in one tap on the offer's own page.
  await item.locator('.my-product__main').click();
  await expect(page).toHaveURL(`/products/product/${offerId}`);
  const view = page.locator('.offer-view');
  await expect(view.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 20_000 });
  const sold = page.waitForResponse(
    (r) => r.url().endsWith(`/products/${offerId}/sold`) && r.request().method() === 'POST',
  );
  await view.getByRole('button', { name: t.listing_mark_sold }).click();
  expect((await sold).status()).toBe(200);
  await expect(view.locator('.offer-view__sold')).toHaveText(t.product_sold);
  await expect(view.getByRole('button', { name: t.listing_undo_sold })).toBeVisible();
  await shotBoth(page, lang, 'my-offers-sold-page', { at: page.locator('.offer-view__body') });

  // The sold tab has it, with its undo; undone, it is back among the live ones.
  await page.goto('/account/products?type=offer&status=sold');
  const soldItem = page.getByTestId('my-product').filter({ hasText: name });
  await expect(soldItem).toBeVisible();
  await expect(tabs.getByRole('link', { name: new RegExp(t.my_products_tab_sold) })).toContainText(
    '1',
  );
  await shotBoth(page, lang, 'my-offers-sold-tab', { fullPage: true });
  await soldItem.getByRole('button', { name: t.listing_undo_sold }).click();
  await expect(page.getByTestId('my-product')).toHaveCount(0);
  await expect(live).toContainText('2');

  // The buyer who saved it was told (bell: the notifications page).
  const { notifications } = (await buyer.send('POST', '/notifications/paginate', {
    page: 1,
  })) as { notifications: { data: { type: string; data: { product_id: number } }[] } };
  expect(notifications.data.map((n) => [n.type, n.data.product_id])).toContainEqual([
    'saved_sold',
    offerId,
  ]);
  await buyer.api.dispose();

  // Later specs read the home page and search: what this one posted goes.
  for (const { id } of posted) expect(await deleteOffer(page, id)).toBe(204);
});
