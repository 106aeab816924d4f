import { expect, test } from './fixtures';
import {
  chooseLanguage,
  deleteOffer,
  otherLanguage,
  randomPhone,
  signUp,
  snap,
  testLanguage,
} from './helpers';

// Issue 35 item 2: the Arabic page showed the French title. The post form asks for one title per
// language, the interface's first and required; each page shows its own language's title, and an
// Arabic title typed in the French field is stored as Arabic. In ar and fr, at 360 and 1280 px.

test('each language page shows the title typed for it', async ({ page }, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const stamp = Date.now();
  const titles = { fr: `Villa meublée ${stamp}`, ar: `فيلا مفروشة ${stamp}` };
  const other = otherLanguage(lang);

  await signUp(page, randomPhone(), 'a-good-password');
  await page.getByRole('link', { name: t.post_ad }).click();
  await page.locator('select[name=pcategory_id]').selectOption({ label: t.vehicles });
  const sub = page.locator('select[name=psubcategory_id]');
  await expect(sub).toBeEnabled();
  await sub.selectOption({ label: t.cars });

  const main = page.locator('input[name=name]');
  const second = page.locator(`input[name=name_${other}]`);
  await expect(main).toHaveAttribute('lang', lang);
  await expect(second).toHaveAttribute('lang', other);
  // Two titles in one language: the form asks, under the other language's field.
  await main.fill(titles[lang]);
  await second.fill(`${titles[lang]} bis`);
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page.getByText(t[`titles_both_${lang}`])).toBeVisible();
  await expect(page).not.toHaveURL(/\/products\/product\//);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await main.scrollIntoViewIfNeeded();
    await snap(page, lang, 'post-titles');
  }

  await second.fill(titles[other]);
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page).toHaveURL(/\/products\/product\/\d+$/);
  await expect(page.locator('h1')).toContainText(titles[lang]);
  // The other language's page shows the other title, never this one.
  await chooseLanguage(page, other);
  await expect(page.locator('h1')).toContainText(titles[other]);
  await expect(page.locator('h1')).not.toContainText(titles[lang]);
  // The demo data stays as the other specs count it (the market's totals).
  expect(await deleteOffer(page, Number(/\/(\d+)$/.exec(page.url())![1]))).toBe(204);
});
