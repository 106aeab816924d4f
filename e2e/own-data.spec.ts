import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { randomPhone, signIn, signUp, testLanguage } from './helpers';
import { shotBoth } from './shops-helpers';
import {
  commandOn,
  commentOn,
  newPerson,
  newPhoneOffer,
  pageOf,
  snapBoth,
} from './conversations.fixtures';

// Issue 34 item 5, end to end in ar and fr: from the account settings a person downloads their
// data as a JSON file, then deletes their account with their password (a wrong one is refused),
// and is home, signed out. Screenshots at 360×740 and 1280×800.

test('a person downloads their data, then deletes their account with their password', async ({
  page,
}, info) => {
  const { lang, t } = testLanguage(info, 90_000);
  const phone = randomPhone();
  await signUp(page, phone);

  // Their profile's delete button leads to the settings' form, which asks for the password.
  await page.getByRole('button', { name: t.user_menu }).click();
  await page.getByRole('link', { name: t.my_profile, exact: true }).click();
  const userPath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: t.delete_account }).click();
  await expect(page).toHaveURL('/account/profile#delete');
  await expect(page.getByLabel(t.delete_account_password, { exact: true })).toBeFocused();

  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: t.own_data_download }).click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^souq-\d+-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(data.account.phone_1).toBe(phone);
  expect(data.shops).toHaveLength(1);
  expect(JSON.stringify(data)).not.toMatch(/password|scrypt/);
  await shotBoth(page, lang, 'own-data', { at: page.locator('.own-data').first() });

  const password = page.getByLabel(t.delete_account_password, { exact: true });
  await password.fill('not my password');
  await page.getByRole('button', { name: t.delete_account_confirm }).click();
  await expect(password).toHaveAccessibleDescription(t.wrong_password);
  await shotBoth(page, lang, 'own-data-wrong-password', { at: page.locator('#delete') });

  await password.fill('a-good-password');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: t.delete_account_confirm }).click();
  await reloaded;
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: t.nav_notifications })).toHaveCount(0);
  const gone = await page.request.get(userPath, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(gone.status()).toBe(404);
  await signIn(page, phone, 'a-good-password');
  await expect(page.getByRole('alert')).toContainText(t.wrong_credentials);
});

test("a deleted account's comment and command stay for the seller, signed 'deleted account'", async ({
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 90_000);
  const seller = await newPerson(baseURL!, lang, 'Vatma', 'Mint Brahim');
  const leaver = await newPerson(baseURL!, lang, 'Cheikh', 'Ould Ahmedou');
  const productId = await newPhoneOffer(seller, 'Tecno Spark 10', 3, 4000);
  const commentId = await commentOn(leaver, 'product', productId, 'Encore disponible ?');
  const commandId = await commandOn(leaver, productId, { number: 1, text: 'Je prends un' });
  await leaver.call('DELETE', '/users/me', { password: 'a-good-password' });

  const page = await pageOf(browser, seller, lang);
  await page.goto(`/comments/comment/${commentId}`);
  const comment = page.locator('article.comment').filter({ hasText: 'Encore disponible ?' });
  await expect(comment.locator('.comment__author')).toHaveText(t.deleted_account);
  await expect(comment.locator('a[href^="/users/user/"]')).toHaveCount(0);
  await expect(page.getByText('Ould Ahmedou')).toHaveCount(0);
  await snapBoth(page, lang, 'deleted-account-comment', comment);

  await page.goto(`/commands/command/${commandId}`);
  const command = page.locator('article.command-item').filter({ hasText: 'Je prends un' });
  await expect(command.locator('.command-item__author')).toHaveText(t.deleted_account);
  await expect(command.locator('a[href^="/users/user/"]')).toHaveCount(0);
  await snapBoth(page, lang, 'deleted-account-command', command);
  await page.context().close();
});
