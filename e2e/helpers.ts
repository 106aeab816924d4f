import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { appReady } from './fixtures';
import { directionOf } from '../shared/domain/language';

export type Language = 'ar' | 'fr';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The merged dictionary of a language, read from web/locales and shared/locales like the app does. */
export function dictionary(language: Language): Record<string, string> {
  const files = ['../web/locales', '../shared/locales'].flatMap((root) => {
    const dir = path.resolve(here, root, language);
    return fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => path.join(dir, file));
  });
  // Areas in name order, as web/locales/areas.ts merges them.
  files.sort((a, b) => path.basename(a).localeCompare(path.basename(b)));
  return Object.assign({}, ...files.map((file) => JSON.parse(fs.readFileSync(file, 'utf8'))));
}

export const languageOf = (info: TestInfo) => info.project.name as Language;

/**
 * A test's language (its project) and that language's dictionary; with `timeoutMs`, the test's
 * time limit too (tests that post, sign up several people or shoot many screens need more).
 */
export function testLanguage(info: TestInfo, timeoutMs?: number) {
  if (timeoutMs !== undefined) test.setTimeout(timeoutMs);
  const lang = languageOf(info);
  return { lang, t: dictionary(lang) };
}

/** The screen sizes pages are looked at in: a phone and a desktop. */
export const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];
/** Issue 20: the widths every main page must fit, from a small phone to a desktop. */
export const LAYOUT_VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 820, height: 1180 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];
export const otherLanguage = (language: Language): Language => (language === 'ar' ? 'fr' : 'ar');
export { directionOf };

/**
 * Puts the interface in `language` the way a visitor does: the header's language link (for a
 * signed-in user it saves the choice through an XSRF-checked POST, then reloads).
 */
export async function chooseLanguage(page: Page, language: Language) {
  if ((await page.locator('html').getAttribute('lang')) !== language) {
    await page.locator('a.language-link').first().click();
  }
  await expectLanguage(page, language);
}

export async function expectLanguage(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', directionOf(language));
  // The new page (the language link reloads) is running, not only rendered by the server.
  await appReady(page);
}

/** A fresh Mauritanian mobile number (4x xx xx xx) nobody has used. */
export function randomPhone(): string {
  return `4${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

export const DEMO_PASSWORD = 'souq-demo-2026';

export async function signUp(page: Page, phone: string, password = 'a-good-password') {
  await page.goto('/register');
  await page.locator('input[name=first_name]').fill('Mariem');
  await page.locator('input[name=last_name]').fill('Mint Ahmed');
  await page.locator('input[name=phone_1]').fill(phone);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password_confirmation]').fill(password);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL('/');
  // The home page has rendered (the router has settled on it).
  await expect(page.locator('.hero')).toBeVisible();
}

/** From the header's menu; signing out ends with a new load of the home page. */
export async function signOut(page: Page, t: Record<string, string>) {
  await page.getByRole('button', { name: t.user_menu }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: t.sign_out }).click();
  await reloaded;
  await appReady(page);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: t.nav_notifications })).toHaveCount(0);
}

export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** Nothing sticks out sideways (even where a parent would clip it): the layout fits the screen. */
export async function expectNoSidewaysOverflow(page: Page) {
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return (
      [...document.querySelectorAll('body *')]
        // Leaflet lays its tiles out past the map's edges and clips them, as scroller and slider
        // tracks and the photo gallery's strip do.
        .filter(
          (element) =>
            !element.closest(
              '.scroller__track, .slider__track, .photo-gallery__strip, .visually-hidden, .skip-link, .leaflet-container',
            ),
        )
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.right > width + 1 || box.left < -1);
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
    );
  });
  expect(outside).toEqual([]);
}

/** A screenshot under test-results/screenshots/, named by language, viewport and screen. */
export async function snap(page: Page, language: Language, name: string, fullPage = false) {
  const size = page.viewportSize();
  const file = path.resolve(
    here,
    '../test-results/screenshots',
    `${language}-${size?.width}x${size?.height}-${name}.png`,
  );
  await expectNoSidewaysOverflow(page);
  // The viewport as a person sees it (fixed bars in place), animations settled.
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
}

/**
 * A call as the web app makes it, from the page: its session cookie, and the XSRF header of
 * DESIGN §3 read from `document.cookie`. `body` goes as JSON, or with `form` as multipart fields.
 * Answers the status and the JSON answer (null when there is none).
 */
export function pageCall(
  page: Page,
  method: string,
  url: string,
  body?: Record<string, unknown>,
  { form = false } = {},
) {
  return page.evaluate(
    async ({ method, url, body, form }) => {
      const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)![1]);
      const headers: Record<string, string> = {
        'X-Requested-With': 'XMLHttpRequest',
        'X-XSRF-TOKEN': token,
      };
      let sent: string | FormData | undefined;
      if (body && form) {
        sent = new FormData();
        for (const [name, value] of Object.entries(body)) sent.append(name, String(value));
      } else if (body) {
        headers['Content-Type'] = 'application/json';
        sent = JSON.stringify(body);
      }
      const response = await fetch(url, { method, headers, body: sent });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, url, body, form },
  );
}

/** The XSRF token of DESIGN §3 in a cookie jar: a browser context's or an API context's. */
export async function xsrfToken(jar: {
  storageState(): Promise<{ cookies: { name: string; value: string }[] }>;
}): Promise<string> {
  const { cookies } = await jar.storageState();
  return decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
}

/**
 * Deletes an offer as its signed-in owner does (the page's session and XSRF cookie), so that the
 * demo data stays as the other specs count it (the market's totals). Answers the status.
 */
export async function deleteOffer(page: Page, productId: number): Promise<number> {
  return (await pageCall(page, 'DELETE', `/products/${productId}`)).status;
}

/**
 * A swipe across the offer's slider with the mouse: towards the start of the line for the next
 * slide (in the reading direction), towards its end for the previous one. Most of the slide's
 * width: a swipe made slow by a loaded machine still lands (embla snaps a slow, short drag back).
 */
export async function swipeSlider(page: Page, language: Language, towardsNext: boolean) {
  const viewport = (await page.locator('.offer-media .slider__viewport').boundingBox())!;
  const leftwards = towardsNext !== (directionOf(language) === 'rtl');
  const y = viewport.y + viewport.height / 2;
  const x = viewport.x + viewport.width * (leftwards ? 0.85 : 0.15);
  const dx = (leftwards ? -1 : 1) * viewport.width * 0.7;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}
