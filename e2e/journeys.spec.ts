import { expect, test } from '@playwright/test';
import { snap, testLanguage } from './helpers';

// Issue 20: what a first visitor trips over, walked in Arabic and in French (one project each).

test('the offer modal has its place in the history: its address, Back closes it, reload shows the page', async ({
  page,
}, info) => {
  const { lang, t } = testLanguage(info, 60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/search?q=toyota');
  const card = page.locator('.product-results .offer-card').first();
  await expect(card).toBeVisible();
  const href = (await card.locator('a[href^="/products/product/"]').first().getAttribute('href'))!;
  const listUrl = page.url();

  // Opening a card: its own page's address, a new entry.
  await card.locator('.offer-card__name').click();
  const dialog = page.getByRole('dialog', { name: t.offer_details });
  await expect(dialog.locator('.offer-view__name')).toBeVisible();
  await expect(page).toHaveURL(href);
  await snap(page, lang, 'journey-modal');

  // Back (a phone's gesture) closes it and stays on the list.
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(listUrl);
  await expect(card).toBeVisible();

  // The close button goes back too: no entry is left behind.
  await card.locator('.offer-card__name').click();
  await expect(dialog.locator('.offer-view__name')).toBeVisible();
  await dialog.getByRole('button', { name: t.close }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(listUrl);

  // Open again and reload: the offer's page, not the list.
  await card.locator('.offer-card__name').click();
  await expect(dialog.locator('.offer-view__name')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.product-page .offer-view')).toBeVisible();
  await expect(page).toHaveURL(href);

  // From the page, Back returns to the list.
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.locator('.product-results .offer-card').first()).toBeVisible();
});
