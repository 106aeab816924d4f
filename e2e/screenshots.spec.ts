import { expect, test } from './fixtures';
import { randomPhone, signUp, snap, testLanguage, VIEWPORTS } from './helpers';

// A screenshot of every screen of the shell, at phone and desktop sizes, in the project's language
// (test-results/screenshots/, not committed). Looked at by a person before calling a change done.

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('screens of a visitor', async ({ page }, info) => {
      const { lang, t } = testLanguage(info);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await snap(page, lang, 'home');
      await page.evaluate(() =>
        window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
      );
      await page.waitForFunction(() => window.scrollY > 0);
      await snap(page, lang, 'home-end');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));

      // Phones fold sign in and sign up into the menu; wider screens show them in the header.
      if (viewport.width < 768) {
        await page.getByRole('button', { name: t.user_menu }).click();
        await expect(page.locator('.user-menu__panel')).toBeVisible();
        await snap(page, lang, 'menu-guest');
        await page.keyboard.press('Escape');
      }

      await page.goto('/register');
      await page.locator('input[name=phone_1]').fill('123');
      await page.locator('input[name=password]').fill('short');
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      await snap(page, lang, 'sign-up-errors');

      await page.goto('/login');
      await page.locator('input[name=login]').fill('22000002');
      await page.locator('input[name=password]').fill('wrong-password');
      await page.locator('form button[type=submit]').click();
      await expect(page.getByRole('alert')).toBeVisible();
      await snap(page, lang, 'sign-in-error');

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.not_found_title);
      await snap(page, lang, 'not-found');
    });

    test('screens of a signed-in user', async ({ page }, info) => {
      const { lang, t } = testLanguage(info);
      await signUp(page, randomPhone());
      await page.getByRole('button', { name: t.user_menu }).click();
      await expect(page.locator('.user-menu__panel')).toBeVisible();
      await snap(page, lang, 'menu-open');
      await page.keyboard.press('Escape');

      await page.goto('/account/password');
      await page.locator('input[name=old_password]').fill('not-my-password');
      await page.locator('input[name=new_password]').fill('another-password');
      await page.locator('input[name=new_password_confirmation]').fill('another-password');
      await page.locator('form button[type=submit]').click();
      await expect(page.getByText(t.wrong_password)).toBeVisible();
      await snap(page, lang, 'password-change');
    });
  });
}
