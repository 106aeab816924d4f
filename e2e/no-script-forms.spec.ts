import { test as plainTest } from '@playwright/test';
import { expect, test, type Page, type Request } from './fixtures';
import { startSmsReceiver, type SmsReceiver } from '../server/messaging/test-receivers';
import { DEMO_PASSWORD, randomPhone, snap, testLanguage, xsrfToken } from './helpers';

// Issue 35 item 1: on a slow phone a person submits the server-rendered form before the scripts
// have arrived, so the browser sends it itself. It must post (a password never in the address bar
// or the log) and do its job: sign in, sign up, reset the password, search; with the app's errors.

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Every address the browser asked for, to check that no secret went into one. */
function addressesOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

const noSecretIn = (urls: string[], secret: string) =>
  expect(urls.filter((url) => url.includes(secret) || /[?&](password|code)=/.test(url))).toEqual(
    [],
  );

const PASSWORD = 'sahel-password-71';

/**
 * An account of its own (made through the API, then signed out): a wrong password for a demo
 * account would count against that account from this address, which the other specs sign in with.
 */
async function freshAccount(page: Page): Promise<string> {
  const phone = randomPhone();
  await page.request.get('/users/me');
  const res = await page.request.post('/register', {
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': await xsrfToken(page.context()),
    },
    data: {
      first_name: 'Aicha',
      last_name: 'Mint Sidi',
      phone_1: phone,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(res.status()).toBe(201);
  await page.context().clearCookies();
  return phone;
}

async function signedInPhone(page: Page): Promise<string | null> {
  const me = await page.request.get('/users/me', { headers: { accept: 'application/json' } });
  return ((await me.json()) as { user: { phone_1: string } | null }).user?.phone_1 ?? null;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  let sms: SmsReceiver;
  test.beforeAll(async () => {
    sms = await startSmsReceiver(PORT + 2);
  });
  test.afterAll(async () => sms?.close());

  test('signs in: a wrong password shows the error on the page, the right one signs in', async ({
    page,
  }, info) => {
    const { lang, t } = testLanguage(info, 60_000);
    const phone = await freshAccount(page);
    const urls = addressesOf(page);
    await page.goto('/login');
    await page.locator('input[name=login]').fill(phone);
    await page.locator('input[name=password]').fill('not-the-password-3');
    await page.locator('form.form button[type=submit]').click();
    await expect(page.getByRole('alert')).toContainText(t.wrong_credentials);
    await expect(page).toHaveURL(/\/login$/);
    // What was typed is kept, the password is not.
    await expect(page.locator('input[name=login]')).toHaveValue(phone);
    await expect(page.locator('input[name=password]')).toHaveValue('');
    await snap(page, lang, 'no-script-sign-in-error');

    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('form.form button[type=submit]').click();
    await expect(page).toHaveURL(/\/$/);
    expect(await signedInPhone(page)).toBe(phone);
    noSecretIn(urls, 'not-the-password-3');
    noSecretIn(urls, PASSWORD);
  });

  test('signs up, then resets the password by SMS code', async ({ page }, info) => {
    const { lang, t } = testLanguage(info, 90_000);
    const urls = addressesOf(page);
    const phone = randomPhone();
    await page.goto('/register');
    await page.locator('input[name=first_name]').fill('Mariem');
    await page.locator('input[name=last_name]').fill('Mint Ahmed');
    await page.locator('input[name=phone_1]').fill(phone);
    await page.locator('input[name=password]').fill('first-password-1');
    await page.locator('input[name=password_confirmation]').fill('another-password-2');
    await page.locator('form.form button[type=submit]').click();
    // The app's own message under the confirmation; the names stay as typed.
    await expect(page.getByText(t.password_confirmation_mismatch)).toBeVisible();
    await expect(page.locator('input[name=first_name]')).toHaveValue('Mariem');
    await snap(page, lang, 'no-script-sign-up-error');
    await page.locator('input[name=password]').fill('first-password-1');
    await page.locator('input[name=password_confirmation]').fill('first-password-1');
    await page.locator('form.form button[type=submit]').click();
    await expect(page).toHaveURL(/\/$/);
    expect(await signedInPhone(page)).toBe(phone);

    // Forgot, on a browser of its own (signed out). The home page is left first: a photo of it
    // still loading when the cookies went would come back with a new session's cookie after the
    // form's page had set its own, and the form's token would no longer be the session's (419).
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto('/password/forgot');
    await page.locator('input[name=login]').fill(phone);
    await page.locator('form.form button[type=submit]').click();
    await expect(page).toHaveURL(new RegExp(`/password/reset\\?login=${phone}$`));
    const code = /#(\d{6})$/.exec((await sms.next(`+222${phone}`, 10_000)).text)![1];
    await page.locator('input[name=code]').fill(code);
    await page.locator('form.form button[type=submit]').click();
    // The code's step goes on to the new password's, without a word of error.
    await expect(page.locator('input[name=password_confirmation]')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.locator('input[name=password]').fill('second-password-2');
    await page.locator('input[name=password_confirmation]').fill('second-password-2');
    await page.locator('form.form button[type=submit]').click();
    await expect(page).toHaveURL(/\/$/);
    expect(await signedInPhone(page)).toBe(phone);
    noSecretIn(urls, code);
    noSecretIn(urls, 'second-password-2');
  });

  test('searches from the home page and from the search panel', async ({ page }, info) => {
    const { lang } = testLanguage(info);
    await page.goto('/');
    const word = lang === 'ar' ? 'سيارة' : 'voiture';
    await page.locator('#hero-search').fill(word);
    await page.locator('form.hero-search button[type=submit]').click();
    await expect(page).toHaveURL(new RegExp(`/search\\?name=${encodeURIComponent(word)}`));
    await expect(page.locator('.offer-card').first()).toBeVisible();
    await page.locator('form.search-panel input[name=name]').fill('toyota');
    await page.locator('form.search-panel button[type=submit]').first().click();
    await expect(page).toHaveURL(/[?&]name=toyota/);
    await expect(page.locator('.offer-card').first()).toBeVisible();
    await snap(page, lang, 'no-script-search');
  });
});

// Playwright's own test: the suite's fixtures make every load wait for the app, which this one holds.
plainTest(
  'a sign-in sent before the scripts have loaded posts and signs in',
  async ({ browser }, info) => {
    const { lang } = testLanguage(info, 60_000);
    const context = await browser.newContext({ locale: lang === 'ar' ? 'ar' : 'fr-FR' });
    const page = await context.newPage();
    const urls = addressesOf(page);
    // A slow phone: the app's scripts come long after the page.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('html').getAttribute('data-app-ready')).toBeNull();
    await page.locator('input[name=login]').fill('22000003');
    await page.locator('input[name=password]').fill(DEMO_PASSWORD);
    await page.locator('form.form button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });
    release();
    expect(await signedInPhone(page)).toBe('22000003');
    noSecretIn(urls, DEMO_PASSWORD);
    await context.close();
  },
);
