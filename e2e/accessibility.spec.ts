import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { randomPhone, signUp, snap, testLanguage, VIEWPORTS } from './helpers';

// Issue 16 item 7: axe (WCAG 2.0/2.1, A and AA) finds no serious or critical violation on the main
// pages, in both languages (the projects), on a 360 px phone and a desktop; menus and dialogs work
// from the keyboard and show where the focus is. Each page's findings (all impacts) are written to
// test-results/a11y/ as well, for the counts in docs/accessibility.md.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const here = path.dirname(fileURLToPath(import.meta.url));

/** The first link on the page whose address starts with `prefix`. */
async function firstHref(page: Page, prefix: string) {
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await expect(link).toBeAttached();
  return (await link.getAttribute('href')) as string;
}

/** Runs axe on the page as it is once settled; records its findings; fails softly on blocking ones. */
async function audit(page: Page, lang: string, name: string) {
  await expect(page.locator('#main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Entrance animations (fade-in) over: colours are measured at their final opacity.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const width = page.viewportSize()?.width;
  const dir = path.resolve(here, '../test-results/a11y');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${lang}-${width}-${name}.json`),
    JSON.stringify(
      results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })),
    ),
  );
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n'),
    )
    .join('\n');
  expect
    .soft(
      blocking.map((v) => v.id),
      `${name} at ${width}px in ${lang}:\n${report}`,
    )
    .toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('pages of a visitor have no serious or critical axe violation', async ({ page }, info) => {
      const { lang } = testLanguage(info, 120_000);
      await page.goto('/');
      await expect(page.locator('.hero')).toBeVisible();
      await audit(page, lang, 'home');
      const offer = await firstHref(page, '/products/product/');
      const category = await firstHref(page, '/categories/');

      for (const [name, url] of [
        ['market', '/market'],
        ['search', '/search?name=toyota'],
        ['category', category],
        ['offer', offer],
      ]) {
        await page.goto(url);
        await audit(page, lang, name);
      }
      const shop = await firstHref(page, '/shops/shop/');
      for (const [name, url] of [
        ['shop', shop],
        ['user', '/users/user/2'],
        ['sign-in', '/login'],
        ['sign-up', '/register'],
      ]) {
        await page.goto(url);
        await audit(page, lang, name);
      }
    });

    test('pages of a signed-in user have no serious or critical axe violation', async ({
      page,
    }, info) => {
      const { lang } = testLanguage(info, 120_000);
      await signUp(page, randomPhone());
      await audit(page, lang, 'home-signed-in');
      for (const [name, url] of [
        ['product-form', '/products/new/offer'],
        ['notifications', '/notifications/home'],
      ]) {
        await page.goto(url);
        await audit(page, lang, name);
      }
    });
  });
}

test.describe('keyboard', () => {
  test.use({ viewport: VIEWPORTS[0] });

  test('the user menu opens with Enter and Space, arrows move, Escape closes it back on its button', async ({
    page,
  }, info) => {
    const { lang, t } = testLanguage(info);
    await page.goto('/');
    await expect(page.locator('.hero')).toBeVisible();
    const button = page.getByRole('button', { name: t.user_menu });
    const panel = page.locator('.user-menu__panel');
    const items = panel.locator('.user-menu__item');
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    // The focus ring shows on the focused item.
    const outline = await items.first().evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await snap(page, lang, 'a11y-menu-focus');
    await audit(page, lang, 'user-menu-open');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
    await page.keyboard.press('Space');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
    const ring = await button.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(ring).not.toBe('none');
    await snap(page, lang, 'a11y-focus-ring');
  });

  test('the navigation menu (tablet width) works from the keyboard', async ({ page }, info) => {
    const { t } = testLanguage(info);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/');
    await expect(page.locator('.hero')).toBeVisible();
    const button = page.getByRole('button', { name: t.nav_menu });
    const panel = page.locator('.nav-menu__panel');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(panel.locator('a').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(panel.locator('a').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('the report dialog keeps Tab inside, Escape closes it back on its opener', async ({
    page,
  }, info) => {
    const { lang, t } = testLanguage(info, 60_000);
    await signUp(page, randomPhone());
    const offer = await firstHref(page, '/products/product/');
    await page.goto(offer);
    const report = page.locator('.offer-view').first().getByRole('button', { name: t.report });
    await report.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t.report_title });
    await expect(dialog).toBeVisible();
    // The page behind is inert: focus cycles through the dialog only.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await snap(page, lang, 'a11y-report-dialog');
    await audit(page, lang, 'report-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(report).toBeFocused();
  });
});
