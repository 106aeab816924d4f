import os from 'node:os';
import path from 'node:path';
import type { Route } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import sharp from 'sharp';
import {
  randomPhone,
  signIn,
  signOut,
  signUp,
  snap,
  swipeSlider,
  testLanguage,
  VIEWPORTS,
} from './helpers';

// Offers end to end (issue 5), in ar and fr: post an offer with two photos, see it, edit it, save
// it, react and take the reaction back, open it as someone else, report it, copy its link, and
// delete it as its owner. Then screenshots of the card, the full view, the modal and the form.

const PASSWORD = 'a-good-password';
let photos: string[] = [];

test.beforeAll(async () => {
  // Two small photos made here, so the spec needs no fixture files.
  const dir = path.join(os.tmpdir(), `souq-e2e-${process.pid}`);
  photos = await Promise.all(
    [
      { name: 'front.png', background: { r: 200, g: 60, b: 40 } },
      { name: 'back.png', background: { r: 30, g: 90, b: 180 } },
    ].map(async ({ name, background }) => {
      const file = path.join(dir, name);
      await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
      await sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .png()
        .toFile(file);
      return file;
    }),
  );
});

/** Picks the category and subcategory by their names in the page's language. */
async function chooseCars(page: Page, t: Record<string, string>) {
  await page.locator('select[name=pcategory_id]').selectOption({ label: t.vehicles });
  const sub = page.locator('select[name=psubcategory_id]');
  await expect(sub).toBeEnabled();
  await sub.selectOption({ label: t.cars });
  await expect(page.locator('input[name=name]')).toBeVisible();
}

const productUrl = /\/products\/product\/(\d+)$/;

test('an offer from posting to deleting', async ({ page, context }, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = lang === 'ar' ? `سيارة تجريبية ${Date.now()}` : `Voiture d’essai ${Date.now()}`;

  // The carousel's code is held back until after the first swipe: a swipe made before it has
  // arrived (a slow network, a busy phone) must still change slide.
  const heldCarousel: Route[] = [];
  await page.route(/embla-carousel/, (route) => void heldCarousel.push(route));

  // A new user posts an offer with two photos.
  const owner = randomPhone();
  await signUp(page, owner, PASSWORD);
  await page.getByRole('link', { name: t.post_ad }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.new_offer })).toBeVisible();
  await chooseCars(page, t);
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=price]').fill('450000');
  await page.locator('input[name=files]').setInputFiles(photos);
  await expect(page.locator('.media-input__item')).toHaveCount(2);
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page).toHaveURL(productUrl);
  const id = Number(productUrl.exec(page.url())![1]);

  // Its page shows it: name, price, the two photos in the slider.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('.offer-view__price')).toContainText('450');
  const position = (current: number) =>
    t.slide_position.replace('{{current}}', String(current)).replace('{{total}}', '2');
  const counter = page.locator('.offer-media .slider__counter');
  await expect(counter).toHaveText(position(1));
  // The slide in view (its neighbours are in the page too, inert).
  const shown = page.locator('.offer-media .slider__slide--current .offer-media__image');
  await expect(shown).toHaveAttribute('src', /-small\.webp$/);
  // The page's main image (issue 16 item 4): its size known before it arrives, fetched first.
  await expect(shown).toHaveAttribute('fetchpriority', 'high');
  await expect(shown).toHaveAttribute('width', /^\d+$/);
  // A swipe towards the start of the line brings the next slide (in the reading direction), one
  // towards its end the previous; SPEC §4: after the first change of slide, the original.
  const swipe = (towardsNext: boolean) => swipeSlider(page, lang, towardsNext);
  await expect.poll(() => heldCarousel.length).toBeGreaterThan(0);
  await swipe(true);
  await expect(counter).toHaveText(position(2));
  // Once the carousel's code is in, it takes the swipes (embla follows the slide already shown).
  const carouselLoaded = page.waitForResponse(/embla-carousel/);
  await Promise.all(heldCarousel.map((route) => route.continue()));
  await page.unroute(/embla-carousel/);
  await carouselLoaded;
  await swipe(false);
  await expect(counter).toHaveText(position(1));
  await swipe(true);
  await expect(counter).toHaveText(position(2));
  await expect(shown).toHaveAttribute('src', /[0-9a-f]{32}\.webp$/);
  await expect(shown).toHaveAttribute('srcset', /-small\.webp \d+w, .*[0-9a-f]{32}\.webp \d+w$/);
  // Next wraps around; a dot goes straight to its slide.
  await page.getByRole('button', { name: t.slide_next }).click();
  await expect(counter).toHaveText(position(1));
  await page
    .getByRole('button', {
      name: t.slide_go_to.replace('{{current}}', '2').replace('{{total}}', '2'),
    })
    .click();
  await expect(counter).toHaveText(position(2));

  // Expand: the originals over the whole screen, opened on this photo; the arrow keys follow the
  // reading direction; Escape closes (issue 20 item 10).
  await page
    .locator('.offer-media .slider__slide--current')
    .getByRole('button', { name: t.expand_image })
    .click();
  const gallery = page.getByRole('dialog', { name });
  await expect(gallery).toBeVisible();
  const box = (await gallery.boundingBox())!;
  expect(box.width).toBe(page.viewportSize()!.width);
  await expect(gallery.locator('.photo-gallery__count')).toHaveText('2 / 2');
  await expect(gallery.locator('.photo-gallery__image').first()).toHaveAttribute(
    'src',
    /[0-9a-f]{32}\.webp$/,
  );
  await page.keyboard.press(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft');
  await expect(gallery.locator('.photo-gallery__count')).toHaveText('1 / 2');
  // The smooth scroll to that photo settles first.
  await page.waitForTimeout(700);
  await snap(page, lang, 'photo-gallery');
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();

  // Edit the price.
  await page.getByRole('link', { name: t.edit_offer }).click();
  await expect(page.locator('input[name=price]')).toHaveValue('450000');
  await page.locator('input[name=price]').fill('425000');
  await page.getByRole('button', { name: t.save_changes }).click();
  await expect(page).toHaveURL(`/products/product/${id}`);
  await expect(page.locator('.offer-view__price')).toContainText('425');

  // Save it (the count goes to 1).
  const save = page.locator('.offer-view__actions .save-button');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save.locator('.save-button__count')).toHaveText('1');

  // React, then take the reaction back.
  const actions = page.locator('.offer-view__actions');
  await actions.getByRole('button', { name: t.react, exact: true }).click();
  await page.getByRole('button', { name: t.reaction_love }).click();
  const mine = actions.getByRole('button', { name: `${t.react} (${t.reaction_love})` });
  await expect(mine).toBeVisible();
  await expect(actions.locator('.reactions-bar__total')).toHaveText('1');
  await mine.click();
  await page.getByRole('button', { name: t.remove_reaction }).click();
  await expect(actions.getByRole('button', { name: t.react, exact: true })).toBeVisible();
  await expect(actions.locator('.reactions-bar__total')).toHaveText('0');
  // The owner's staff sees no report.
  await expect(actions.getByRole('button', { name: t.report })).toHaveCount(0);

  // Another user opens it: no edit, a report that can be taken back, a link to copy.
  await signOut(page, t);
  await signUp(page, randomPhone(), PASSWORD);
  await page.goto(`/products/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: t.edit_offer })).toHaveCount(0);
  await actions.getByRole('button', { name: t.report }).click();
  // A report says why (issue 19).
  const reporting = page.getByRole('dialog', { name: t.report_title });
  await reporting.getByRole('radio', { name: t.report_why_scam_label }).check();
  await reporting.getByRole('button', { name: t.report_send }).click();
  await expect(actions.getByRole('button', { name: t.unreport })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await actions.getByRole('button', { name: t.share }).click();
  await page.getByRole('button', { name: t.copy_link }).click();
  await expect(page.getByRole('button', { name: t.link_copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(`/products/product/${id}`, page.url()).href,
  );
  await page.keyboard.press('Escape');
  // The save of the owner is counted.
  await expect(actions.locator('.save-button__count')).toHaveText('1');

  // The owner deletes it.
  await signOut(page, t);
  await signIn(page, owner, PASSWORD);
  await expect(page).toHaveURL('/');
  await page.goto(`/products/product/${id}`);
  await page.getByRole('button', { name: t.delete_offer }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.yes }).click();
  await expect(page).toHaveURL('/');
  await page.goto(`/products/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: t.product_not_found })).toBeVisible();
});

test('the form checks files and fields before sending', async ({ page }, info) => {
  const { t } = testLanguage(info);
  await signUp(page, randomPhone(), PASSWORD);
  await page.goto('/products/new/offer');
  await chooseCars(page, t);
  await page.locator('input[name=price]').fill('-3');
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page.locator('input[name=name]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t.required).first()).toBeVisible();
  await expect(page.locator('input[name=price]')).toHaveAttribute('aria-invalid', 'true');
  // Eleven photos: ten are kept, the message of SPEC §5 says why.
  await page
    .locator('input[name=files]')
    .setInputFiles(Array.from({ length: 11 }, (_, i) => photos[i % 2]));
  await expect(page.locator('.media-input__item')).toHaveCount(10);
  await expect(page.getByText(t.too_many_files.replace('{{max_files}}', '10'))).toBeVisible();
  await expect(page.locator('input[name=files]')).toBeDisabled();
});

test('anonymous visitors are asked to sign in to post, save or react', async ({ page }, info) => {
  const { t } = testLanguage(info);
  await page.goto('/products/new/demand');
  await expect(page).toHaveURL(/\/login\?next=%2Fproducts%2Fnew%2Fdemand$/);
  await page.goto('/products/product/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('.offer-view__actions .save-button').click();
  await expect(page).toHaveURL(/\/login\?next=%2Fproducts%2Fproduct%2F1$/);
  // A new account made from there (in this language) comes back to the offer.
  await page.locator(`a[href^="/register?next="]`).click();
  await page.locator('input[name=first_name]').fill('Sidi');
  await page.locator('input[name=last_name]').fill('Ould Ahmed');
  await page.locator('input[name=phone_1]').fill(randomPhone());
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password_confirmation]').fill(PASSWORD);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL('/products/product/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.locator('.offer-view__actions').getByRole('button', { name: t.react, exact: true }),
  ).toBeVisible();
});

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('screens of offers', async ({ page }, info) => {
      const { lang, t } = testLanguage(info, 90_000);
      // A user of this language (the demo users' own language would switch the page).
      await signUp(page, randomPhone(), PASSWORD);

      // The full view of a demo offer, its top and its end.
      await page.goto('/products/product/1');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.offer-view__similar .offer-card').first()).toBeVisible();
      await snap(page, lang, 'product');
      await snap(page, lang, 'product-full', true);

      // The card (in the similar offers' scroller).
      const card = page.locator('.offer-view__similar .offer-card').first();
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({
        path: `test-results/screenshots/${lang}-${viewport.width}x${viewport.height}-offer-card.png`,
      });

      // The share menu and the reactions picker.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const actions = page.locator('.offer-view__actions');
      await actions.getByRole('button', { name: t.share }).click();
      await expect(page.getByRole('button', { name: t.copy_link })).toBeVisible();
      await snap(page, lang, 'product-share');
      await page.keyboard.press('Escape');
      await actions.getByRole('button', { name: new RegExp(`^${t.react}`) }).click();
      await expect(page.locator('.reactions-bar__picker')).toBeVisible();
      await snap(page, lang, 'product-reactions');
      await page.keyboard.press('Escape');

      // The details modal, opened from a similar offer's card.
      await card.locator('.offer-card__name').click();
      const dialog = page.getByRole('dialog', { name: t.offer_details });
      await expect(dialog.locator('.offer-view__name')).toBeVisible();
      await snap(page, lang, 'product-modal');
      await dialog.getByRole('button', { name: t.close }).click();
      await expect(dialog).toHaveCount(0);

      // The form, with its errors.
      await page.goto('/products/new/offer');
      await snap(page, lang, 'product-form-empty');
      await chooseCars(page, t);
      await page.locator('input[name=price]').fill('-3');
      await page.getByRole('button', { name: t.publish }).click();
      await expect(page.locator('input[name=name]')).toHaveAttribute('aria-invalid', 'true');
      await snap(page, lang, 'product-form-errors');
      await snap(page, lang, 'product-form-full', true);
    });
  });
}
