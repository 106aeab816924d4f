import { expect, test } from './fixtures';

test('the home page loads the web app into its root', async ({ page }, info) => {
  await page.goto('/');
  // The page's HTML already holds the header's brand (server/plugins/page-shell.ts): <main> is
  // only there once the app has rendered.
  await expect(page.locator('#root main#main')).toBeVisible();
  const lang = info.project.name;
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
});
