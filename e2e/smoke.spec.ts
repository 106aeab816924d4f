import { expect, test } from '@playwright/test';

test('the home page loads the web app into its root', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  const lang = info.project.name;
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
});
