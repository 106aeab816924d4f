import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { randomPhone, signIn, signUp, testLanguage } from './helpers';
import { shotBoth } from './shops-helpers';

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
