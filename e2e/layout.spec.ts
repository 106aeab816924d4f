import { expect, test, type Page } from './fixtures';
import { LAYOUT_VIEWPORTS, randomPhone, signUp, snap, testLanguage } from './helpers';

// Issue 20 item 1: every main page fits the screen from a small phone to a desktop, in both
// directions: the page never scrolls sideways and nothing sticks out (the header folds its links
// into a menu before they no longer fit). Screenshots go to test-results/screenshots/.

async function expectNoSideScroll(page: Page, name: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/** The first link on the page whose address starts with `prefix`. */
async function firstHref(page: Page, prefix: string) {
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await expect(link).toBeAttached();
  return (await link.getAttribute('href')) as string;
}

async function look(page: Page, lang: 'ar' | 'fr', name: string) {
  await expect(page.locator('#main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSideScroll(page, name);
  await snap(page, lang, `layout-${name}`);
}

for (const viewport of LAYOUT_VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the main pages fit the screen', async ({ page }, info) => {
      const { lang, t } = testLanguage(info, 120_000);
      await page.goto('/');
      await expect(page.locator('.hero')).toBeVisible();
      await look(page, lang, 'home');
      const offer = await firstHref(page, '/products/product/');

      // The header's links: in the header on desktops, in a menu on tablets, at the bottom on phones.
      if (viewport.width >= 768 && viewport.width < 1200) {
        await expect(page.locator('.main-nav')).toBeHidden();
        await page.getByRole('button', { name: t.nav_menu }).click();
        await expect(page.locator('.nav-menu__panel')).toBeVisible();
        await expect(page.locator('.nav-menu__panel').getByText(t.nav_market)).toBeVisible();
        await snap(page, lang, 'layout-nav-menu');
        await page.locator('.nav-menu__panel').getByText(t.nav_market).click();
        await expect(page).toHaveURL('/market');
        await expect(page.locator('.nav-menu__panel')).toHaveCount(0);
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('link', { name: t.sign_in, exact: true })).toBeVisible();
        await expect(banner.getByRole('link', { name: t.sign_up, exact: true })).toBeVisible();
      } else if (viewport.width >= 1200) {
        await expect(page.locator('.main-nav').getByText(t.nav_market)).toBeVisible();
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('link', { name: t.sign_up, exact: true })).toBeVisible();
      } else {
        await expect(page.locator('.bottom-nav').getByText(t.nav_market)).toBeVisible();
      }

      for (const [name, url] of [
        ['market', '/market'],
        ['search', '/search?q=toyota'],
        ['sign-in', '/login'],
        ['sign-up', '/register'],
      ]) {
        await page.goto(url);
        await look(page, lang, name);
      }

      await page.goto(offer);
      await expect(page.locator('.offer-view').first()).toBeVisible();
      await look(page, lang, 'offer');
      const shop = await firstHref(page, '/shops/shop/');
      await page.goto(shop);
      await look(page, lang, 'shop');
      await signUp(page, randomPhone());
      await page.getByRole('button', { name: t.user_menu }).click();
      const user = await firstHref(page, '/users/user/');
      await page.keyboard.press('Escape');
      for (const [name, url] of [
        ['home-signed-in', '/'],
        ['post-offer', '/products/new/offer'],
        ['post-demand', '/products/new/demand'],
        ['notifications', '/notifications/home'],
        ['saved', '/saved'],
        ['my-shops', '/account/shops'],
        ['offer-signed-in', offer],
        ['user', user],
      ]) {
        await page.goto(url);
        await look(page, lang, name);
      }
    });
  });
}
