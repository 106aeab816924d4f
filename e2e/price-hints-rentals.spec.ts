import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  pageCall,
  randomPhone,
  signIn,
  signOut,
  signUp,
  snap,
  testLanguage,
  VIEWPORTS,
} from './helpers';

// Issue 32 items 6 and 7 in a browser, in ar and fr, at 360 and 1280 px: the post form shows the
// typical price of similar offers once the subcategory is chosen (trucks: a hint is kept a few
// minutes, and other specs choose cars just before this one), and a rent
// offer whose only unit is rented shows from when it is free again.

/** The text of a dictionary entry before its first placeholder. */
const lead = (text: string) => text.split('{{')[0].trim();

/** At a phone's and a desktop's width, with `focus` in the middle of the screen. */
async function shoot(page: Page, lang: 'ar' | 'fr', name: string, focus: Locator) {
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await snap(page, lang, name);
  }
}

test('a price hint while posting, and a rented offer free again from a date', async ({
  page,
}, info) => {
  const { lang, t } = testLanguage(info, 180_000);
  const seller = randomPhone();
  await signUp(page, seller, 'a-good-password');

  // Trucks for sale: eight posted now (a hint needs eight).
  await page.goto('/products/new/offer');
  await page.locator('select[name=pcategory_id]').selectOption({ label: t.vehicles });
  const sub = page.locator('select[name=psubcategory_id]');
  await expect(sub).toBeEnabled();
  // (Not chosen yet: the form would ask for the hint, kept a few minutes, before the posts.)
  const trucks = Number(
    await sub
      .locator('option')
      .filter({ hasText: new RegExp(`^${t.trucks}$`) })
      .getAttribute('value'),
  );
  const posted: number[] = [];
  for (let i = 0; i < 8; i++) {
    const created = await pageCall(
      page,
      'POST',
      '/products/create/offer',
      {
        psubcategory_id: trucks,
        name: `${lang} truck ${i} ${Date.now()}`,
        price: 400_000 + i * 50_000,
        offer_type: 'sale',
      },
      { form: true },
    );
    const id = created.body.product.id as number;
    posted.push(id);
  }
  await page.reload();
  await page.locator('select[name=pcategory_id]').selectOption({ label: t.vehicles });
  await expect(sub).toBeEnabled();
  await sub.selectOption({ label: t.trucks });
  const hint = page.locator('.price-hint__range');
  await expect(hint).toContainText(
    new RegExp(`${lead(t.price_hint_country)}|${lead(t.price_hint_town)}`),
  );
  await expect(hint).toContainText(t.currency);
  await shoot(page, lang, 'price-hint-form', hint);

  // A furnished apartment for rent by the month: one unit.
  await page.locator('select[name=pcategory_id]').selectOption({ label: t.real_estate });
  await expect(sub).toBeEnabled();
  await sub.selectOption({ label: t.apartments });
  await page.locator('select[name=offer_type]').selectOption('monthly_rent');
  await page.locator('input[name=name]').fill(`${lang} apartment ${Date.now()}`);
  await page.locator('input[name=price]').fill('40000');
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page).toHaveURL(/\/products\/product\/\d+$/);
  const productId = Number(/\/(\d+)$/.exec(page.url())![1]);

  // A buyer rents it for two months; the seller accepts. (From a page load: the offer page
  // reached by the form's navigation may still be hydrating its account menu.)
  await page.goto('/');
  await signOut(page, t);
  await signUp(page, randomPhone(), 'a-good-password');
  const ordered = await pageCall(page, 'POST', `/commands/create/product/${productId}`, {
    period: 2,
  });
  expect(ordered.status).toBe(201);
  await signOut(page, t);
  await signIn(page, seller, 'a-good-password');
  await expect(page).toHaveURL('/');
  const accepted = await pageCall(page, 'GET', `/commands/sold/${ordered.body.command.id}`);
  expect(accepted.status).toBe(200);

  await page.goto(`/products/product/${productId}`);
  const notice = page.locator('.offer-view__sold');
  await expect(notice).toContainText(lead(t.available_from));
  await expect(page.locator('[data-fact=availability] dd')).toContainText(lead(t.available_from));
  await shoot(page, lang, 'rented-available-from', notice);

  // The demo data stays as the other specs count it (the market's totals).
  for (const id of [...posted, productId]) {
    expect((await pageCall(page, 'DELETE', `/products/${id}`)).status).toBe(204);
  }
});
