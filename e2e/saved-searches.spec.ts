import { expect, test, type Page } from './fixtures';
import { testLanguage } from './helpers';
import { newPerson, newPhoneOffer, pageOf, snapBoth } from './conversations.fixtures';

// Issue 18 item 2, in ar and fr: A saves a search; B posts a matching offer; A is told (the bell
// and the list) and "my searches" counts it as new; opening the search shows the search page.

/** The bell asks again when the window regains focus: ask until the count shows. */
async function bellShows(page: Page, count: number) {
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.locator('.header-bell__badge')).toHaveText(String(count), { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('A saves a search, B posts a matching offer, A is told and sees the count', async ({
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const alice = await newPerson(baseURL!, lang, 'Mariem', 'Mint Ahmed');
  const bob = await newPerson(baseURL!, lang, 'Sidi', 'Ould Cheikh');
  // A word no demo offer holds, so that the one match is B's.
  const word = `nokia${Date.now().toString(36)}${lang}`;

  const page = await pageOf(browser, alice, lang);
  await page.goto(`/search?name=${word}`);
  await page.getByRole('button', { name: t.save_this_search }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(t.saved_search_name)).toHaveValue(word);
  await dialog.getByLabel(t.saved_search_name).fill(`Nokia ${word}`);
  await snapBoth(page, lang, 'saved-search-dialog');
  await dialog.getByRole('button', { name: t.save_search_submit }).click();
  await expect(page.getByText(t.search_saved)).toBeVisible();
  await snapBoth(page, lang, 'saved-search-done');

  const productId = await newPhoneOffer(bob, `Nokia ${word} 3310`, 1);
  await page.goto('/');
  await bellShows(page, 1);
  await page.locator('.header-bell').click();
  const sentence = t.notification_search_match_offer_one
    .replace('{{name}}', `Nokia ${word}`)
    .replace('{{product}}', `Nokia ${word} 3310`);
  await expect(page.locator('.notification', { hasText: sentence })).toBeVisible();
  await snapBoth(page, lang, 'saved-search-notification');

  // "My searches", from the user menu: one new match.
  await page.locator('.user-menu__button').click();
  await page.getByRole('link', { name: t.my_searches }).click();
  await expect(page).toHaveURL('/account/searches');
  const item = page.locator('.saved-search', { hasText: `Nokia ${word}` });
  const newOne =
    lang === 'ar' ? t.saved_search_new_one : t.saved_search_new_one.replace('{{count}}', '1');
  await expect(item.locator('.saved-search__new')).toHaveText(newOne);
  await snapBoth(page, lang, 'my-searches');

  // Open: the search page with its words, and the count starts again.
  await item.getByRole('link', { name: t.saved_search_open }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?name=${word}`));
  await expect(page.locator('.result-card, .offer-card').first()).toBeVisible();
  await page.goBack();
  await expect(item.locator('.saved-search__new')).toHaveCount(0);

  // Delete, after the confirmation.
  await item.getByRole('button', { name: t.delete }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.yes }).click();
  await expect(page.getByText(t.my_searches_empty)).toBeVisible();
  await bob.call('DELETE', `/products/${productId}`);
});
