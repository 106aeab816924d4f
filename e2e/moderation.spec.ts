import { expect, request, test, type APIRequestContext } from './fixtures';
import {
  chooseLanguage,
  DEMO_PASSWORD,
  randomPhone,
  signIn,
  testLanguage,
  xsrfToken,
} from './helpers';
import { createAccount, expectFits, shotBoth } from './shops-helpers';

// Issue 19's "done when", as people do it: three established accounts (the demo ones, 60 days
// old, so trusted reporters) report a new account's offer as a scam through the API; the offer is
// gone for others and "under review" for its author; the moderator (demo admin) finds it in the
// admin page's moderation tab, reads the reports and bans the author, whose session ends.
// Screenshots: test-results/screenshots/<lang>-<size>-moderation*.png.

const REPORTERS = ['22000001', '22000002', '22000003'];

/** A demo account signed in through the API, with the XSRF header of DESIGN §3. */
async function demoClient(baseURL: string, phone: string) {
  const api: APIRequestContext = await request.newContext({ baseURL });
  const send = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) => {
    const response = await api.fetch(url, {
      method,
      data,
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'X-XSRF-TOKEN': await xsrfToken(api),
        Accept: 'application/json',
      },
    });
    if (!response.ok()) {
      throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
    }
    return response.json() as Promise<Record<string, unknown>>;
  };
  await send('GET', '/users/me');
  await send('POST', '/login', { login: phone, password: DEMO_PASSWORD });
  return { api, send };
}

test('three reports queue an offer for the moderators, who ban its author, whose session ends', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 120_000);

  // The author: a fresh account with one offer.
  const phone = randomPhone();
  const author = await createAccount(baseURL!, phone, {
    first_name: 'Sidi',
    last_name: `Arnaque ${lang}`,
  });
  const { pcategories } = (await author.send('GET', '/pcategories/all')) as {
    pcategories: { id: number; name: string }[];
  };
  const multimedia = pcategories.find((c) => c.name === 'multimedia')!;
  const { psubcategories } = (await author.send(
    'GET',
    `/psubcategories/pcategory/${multimedia.id}`,
  )) as { psubcategories: { id: number; name: string }[] };
  const name = `iPhone 15 Pro ${lang} ${Date.now() % 100000}`;
  const { product } = (await author.send('POST', '/products/create/offer', {
    name,
    price: 5000,
    psubcategory_id: psubcategories.find((s) => s.name === 'phones')!.id,
  })) as { product: { id: number } };
  await author.api.dispose();

  // Three demo accounts report it as a scam. Accounts days old, reporting from one address (this
  // machine), cannot hide it for everyone (issue 29 item 4: weight that cannot be farmed): it stays
  // up, and goes to the moderators' queue.
  const statuses: unknown[] = [];
  for (const [index, reporterPhone] of REPORTERS.entries()) {
    const reporter = await demoClient(baseURL!, reporterPhone);
    const { report } = await reporter.send('POST', `/products/${product.id}/reports`, {
      reason: 'scam',
      text: `payment first, reporter ${index + 1}`,
    });
    statuses.push((report as { moderation_status: string }).moderation_status);
    await reporter.api.dispose();
  }
  expect(statuses).toEqual(['visible', 'visible', 'visible']);

  // Anyone else still sees it.
  await page.goto(`/products/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  // Its author signs in (their session ends with the ban below).
  await signIn(page, phone, 'a-good-password');
  await expect(page).toHaveURL('/');
  await page.goto(`/products/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  // The moderator, in a browser of their own, finds it in the queue with its three reports.
  const moderatorContext = await browser.newContext({
    locale: info.project.use.locale,
    baseURL,
  });
  const moderator = await moderatorContext.newPage();
  await signIn(moderator, '22000000', DEMO_PASSWORD);
  await expect(moderator).toHaveURL('/');
  // A signed-in person reads the language saved on their account (the demo admin's changes with
  // the specs that ran before): once the page has settled on it, switch to the test's.
  await moderator.waitForLoadState('networkidle');
  await chooseLanguage(moderator, lang);
  await moderator.waitForLoadState('networkidle');
  await moderator.goto('/admin');
  await moderator.getByRole('tab', { name: t.admin_tab_moderation }).click();
  await expect(moderator).toHaveURL(/tab=moderation/);
  const item = moderator.locator('.moderation-item', { hasText: name });
  await expect(item).toBeVisible();
  await expect(item.locator('.moderation-report')).toHaveCount(3);
  await expect(item).toContainText('payment first, reporter 3');
  // The smallest phone: nothing sticks out sideways.
  await moderator.setViewportSize({ width: 320, height: 640 });
  await expectFits(moderator);
  await shotBoth(moderator, lang, 'moderation-queue', {
    ready: () => expect(item).toBeVisible(),
    at: item,
  });

  // The ban, with a reason.
  await item.getByRole('button', { name: t.moderation_ban }).click();
  const dialog = moderator.getByRole('dialog');
  await dialog.getByLabel(t.moderation_ban_reason).fill('scam reported three times');
  await shotBoth(moderator, lang, 'moderation-ban', {
    ready: () => expect(dialog).toBeVisible(),
  });
  await dialog.getByRole('button', { name: t.moderation_ban }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item.locator('.moderation-item__banned')).toContainText(t.moderation_banned);
  await expect(item.getByRole('button', { name: t.moderation_unban })).toBeVisible();

  // The audit log says who did what.
  await moderator.getByRole('link', { name: t.moderation_log }).click();
  const entry = moderator.locator('.moderation-log-item', { hasText: t.moderation_logged_ban });
  await expect(entry.first()).toContainText('scam reported three times');
  await shotBoth(moderator, lang, 'moderation-log', {
    ready: () => expect(entry.first()).toBeVisible(),
  });
  await moderatorContext.close();

  // The author's session has ended: signed out, and the offer is gone for them too.
  await page.reload();
  await expect(page.getByText(t.product_not_found).first()).toBeVisible();
  await expect(page.getByRole('button', { name: t.user_menu })).toHaveCount(0);
  // Signing in again is refused.
  await signIn(page, phone, 'a-good-password');
  await expect(page.getByText(t.account_banned)).toBeVisible();
});
