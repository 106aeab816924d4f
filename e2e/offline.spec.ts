import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import sharp from 'sharp';
import { randomPhone, signOut, signUp, testLanguage } from './helpers';

// Installable and offline (issue 16 item 5, docs/offline.md), against the production build with
// its service worker: an offer seen once opens again with the network cut, the shell says it is
// offline, a page never seen gets the offline page, and an offer posted offline waits on the phone
// with its photo and is posted when the network returns.

// The rest of the suite blocks service workers (e2e/playwright.config.ts); these tests are about it.
test.use({ serviceWorkers: 'allow' });
// Known flake (issue 16 note): on a loaded machine the worker sometimes does not take control of
// the page within `controlled`'s wait after a sign-up; a second try passes. A broken worker fails
// every try.
test.describe.configure({ retries: 1 });

const productUrl = /\/products\/product\/(\d+)$/;

/** The worker has taken control of the page (first visit: it installs, then claims the page). */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, {
    timeout: 40_000,
  });
}

/** Some offer of the demo data, by its JSON answer. */
async function someOfferId(page: Page): Promise<number> {
  for (let id = 1; id < 50; id += 1) {
    const res = await page.request.get(`/products/product/${id}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (res.ok() && (await res.json()).product?.type === 'offer') return id;
  }
  throw new Error('no offer in the demo data');
}

test('an offer seen once opens again offline; the shell says it is offline', async ({
  page,
  context,
}, info) => {
  const { lang, t } = testLanguage(info, 90_000);
  const id = await someOfferId(page);

  // A first visit straight to the offer: the page and its data arrive before the worker.
  await page.goto(`/products/product/${id}`);
  // The offer itself, not the page's loading state.
  await expect(page.locator('.offer-view__price')).toBeVisible();
  const name = (await page.locator('h1').textContent())!;
  expect(name).not.toBe('');
  await controlled(page);
  // Installable (Chromium's own check: manifest, icons, worker), the manifest in the page's language.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // (Playwright's contexts are incognito ones, where Chromium never offers to install.)
  expect(installabilityErrors!.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  const { data } = await cdp.send('Page.getAppManifest');
  expect(JSON.parse(data!)).toMatchObject({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr' });
  await cdp.detach();
  // The worker stores what this first visit read before it was there.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const offer = (r: Request) => /\/products\/product\/\d+$/.test(r.url);
          const pages = await (await caches.open('souq-pages')).keys();
          const data = await (await caches.open('souq-data')).keys();
          return pages.some(offer) && data.some(offer);
        }),
      { timeout: 15_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await expect(page.getByText(t.offline_notice)).toBeVisible();
  await page.reload();
  await expect(page.locator('h1')).toHaveText(name);
  await expect(page.getByText(t.offline_notice)).toBeVisible();

  // A page never opened on this phone: the offline page, in both languages.
  await page.goto('/shops/shop/987654');
  await expect(page.getByRole('heading', { name: 'Vous êtes hors ligne' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' })).toBeVisible();

  // Back online: the offer's page comes from the network again, the notice goes.
  await context.setOffline(false);
  await page.goto(`/products/product/${id}`);
  await expect(page.locator('h1')).toHaveText(name);
  await expect(page.getByText(t.offline_notice)).toHaveCount(0);
});

test('an offer posted offline waits with its photo and is posted when the network returns', async ({
  page,
  context,
}, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const photo = path.join(os.tmpdir(), `souq-e2e-offline-${process.pid}.png`);
  await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 90 } },
  })
    .png()
    .toFile(photo);
  const name = lang === 'ar' ? `سيارة دون شبكة ${Date.now()}` : `Voiture hors ligne ${Date.now()}`;

  await signUp(page, randomPhone());
  await page.goto('/products/new/offer');
  await page.locator('select[name=pcategory_id]').selectOption({ label: t.vehicles });
  const sub = page.locator('select[name=psubcategory_id]');
  await expect(sub).toBeEnabled();
  await sub.selectOption({ label: t.cars });
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=price]').fill('380000');
  await page.locator('input[name=files]').setInputFiles([photo]);
  await expect(page.locator('.media-input__item')).toHaveCount(1);

  // The network goes down; the post is kept on the phone, and says so.
  await context.setOffline(true);
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page.locator('.product-form__waiting')).toContainText(t.post_waiting_title);
  const pending = page.locator('.pending-posts__item--waiting');
  await expect(pending).toContainText(name);
  await expect(page).toHaveURL(/\/products\/new\/offer$/);

  // Back online: it is sent by itself, and its page is shown, with the photo.
  await context.setOffline(false);
  await expect(page).toHaveURL(productUrl, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('.offer-media__image')).toHaveAttribute('src', /-small\.webp$/);
  await expect(pending).toHaveCount(0);
  const id = productUrl.exec(page.url())![1];

  // Signing out drops what this user's session read (the next user of the phone sees none of it).
  const cachedOffer = () =>
    page.evaluate(
      async (path) =>
        (await (await caches.open('souq-data')).keys()).some((r) => r.url.endsWith(path)),
      `/products/product/${id}`,
    );
  await expect.poll(cachedOffer).toBe(true);
  await signOut(page, t);
  expect(await cachedOffer()).toBe(false);
});

test('an offer posted offline is still there when the app is opened again, and is sent when the network returns', async ({
  page,
  context,
}, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const name = lang === 'ar' ? `دراجة دون شبكة ${Date.now()}` : `Moto hors ligne ${Date.now()}`;
  await signUp(page, randomPhone());
  await page.goto('/products/new/offer');
  await controlled(page);
  // This page and who is signed in are kept (signing up dropped what was kept before).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const pages = await (await caches.open('souq-pages')).keys();
        const data = await (await caches.open('souq-data')).keys();
        return (
          pages.some((r) => r.url.endsWith('/products/new/offer')) &&
          data.some((r) => r.url.endsWith('/users/me'))
        );
      }),
    )
    .toBe(true);
  await page.locator('select[name=pcategory_id]').selectOption({ label: t.vehicles });
  const sub = page.locator('select[name=psubcategory_id]');
  await expect(sub).toBeEnabled();
  await sub.selectOption({ label: t.cars });
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=price]').fill('95000');

  await context.setOffline(true);
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page.locator('.product-form__waiting')).toBeVisible();
  // The app is opened again, still offline: the post is still there, waiting.
  await page.reload();
  await expect(page.locator('.pending-posts__item--waiting')).toContainText(name);

  // The network returns: sent without the form; the shell says so and links to the offer.
  await context.setOffline(false);
  const sent = page.locator('.pending-posts__item--sent');
  await expect(sent).toContainText(name, { timeout: 30_000 });
  await sent.getByRole('link', { name: t.pending_post_open }).click();
  await expect(page).toHaveURL(productUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(sent).toHaveCount(0);
});

test("the user's saved offers stay readable offline", async ({ page, context }, info) => {
  const { t } = testLanguage(info, 90_000);
  const id = await someOfferId(page);
  await signUp(page, randomPhone());
  await page.goto(`/products/product/${id}`);
  await controlled(page);
  await expect(page.locator('.offer-view__price')).toBeVisible();
  const name = (await page.locator('h1').textContent())!;
  const save = page.locator('.offer-view__actions .save-button');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/saved');
  const saved = page.getByText(name).first();
  await expect(saved).toBeVisible();
  // The list (a POST read, cached under its body) and the page are kept.
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('souq-data')).keys()).some((r) =>
          r.url.includes('/products/favorites/paginate'),
        ),
      ),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(t.offline_notice)).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
});
