import { expect, test } from './fixtures';
import { testLanguage } from './helpers';
import {
  commandOn,
  commentOn,
  expectBell,
  newPerson,
  newPhoneOffer,
  pageOf,
  snapBoth,
} from './conversations.fixtures';

// Issue 8, in ar and fr: the bell counts what is unread, the list page filters, marks and deletes,
// and each notification opens its page, which marks it read.

const sentence = (template: string, name: string) => template.replace('{{name}}', name);

test('B comments on A’s offer: A’s bell shows 1, the notification opens the comment, the bell shows 0', async ({
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 90_000);
  const seller = await newPerson(baseURL!, lang, 'Khadija', 'Mint Ely');
  const buyer = await newPerson(baseURL!, lang, 'Brahim', 'Ould Sidi');
  const productId = await newPhoneOffer(seller, 'Samsung Galaxy A54', 3);

  const page = await pageOf(browser, seller, lang);
  await page.goto('/');
  await expect(page.locator('.header-bell')).toBeVisible();
  await expectBell(page, 0);

  const text = 'Est-il encore disponible ? Je suis à Tevragh Zeina.';
  const commentId = await commentOn(buyer, 'product', productId, text);
  // The bell asks again when the window regains focus (and every 5 minutes).
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expectBell(page, 1);
  await snapBoth(page, lang, 'notifications-bell');

  await page.locator('.header-bell').click();
  await expect(page).toHaveURL('/notifications/home');
  const item = page.locator('.notification', {
    hasText: sentence(t.notification_commented_offer, buyer.name),
  });
  await expect(item).toHaveClass(/notification--unread/);
  // It names the offer it is about (issue 20).
  await expect(item).toContainText('Samsung Galaxy A54');
  await snapBoth(page, lang, 'notifications-unread');

  await item.locator('.notification__link').click();
  await expect(page).toHaveURL(new RegExp(`/comments/comment/${commentId}/\\d+$`));
  await expect(page.locator('.comment__text').getByText(text)).toBeVisible();
  await expectBell(page, 0);
  await snapBoth(page, lang, 'comment-page-from-notification');

  // Back on the list, it reads as read.
  await page.goBack();
  await expect(item).not.toHaveClass(/notification--unread/);
});

test('the list filters by type, marks one or all as read, deletes, and says when it is empty', async ({
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 90_000);
  const seller = await newPerson(baseURL!, lang, 'Aminetou', 'Mint Cheikh');
  const buyer = await newPerson(baseURL!, lang, 'Moussa', 'Diallo');
  const productId = await newPhoneOffer(seller, 'iPhone 12 Pro', 2);
  await commentOn(buyer, 'product', productId, 'Quel est votre dernier prix ?');
  await commandOn(buyer, productId, { number: 1, price: 8500 });
  await buyer.call('POST', `/reactions/create/product/${productId}`, { name: 'love' });

  const page = await pageOf(browser, seller, lang);
  await page.goto('/notifications/home');
  const items = page.locator('.notification');
  await expect(items).toHaveCount(3);
  await expectBell(page, 3);
  await expect(page.getByText(t.all_notifications_shown)).toBeVisible();
  const reacted = sentence(t.notification_reacted_offer, buyer.name).replace(
    '{{reaction}}',
    t.reaction_love,
  );
  await expect(items.filter({ hasText: reacted })).toHaveCount(1);

  // The commands filter shows the command alone; marking it read drops the count by one.
  await page.getByRole('link', { name: t.filter_commands, exact: true }).click();
  await expect(page).toHaveURL('/notifications/home?type=commands');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(sentence(t.notification_commanded_offer, buyer.name));
  await snapBoth(page, lang, 'notifications-filter-commands');
  await items.first().getByRole('button', { name: t.mark_read }).click();
  await expect(items.first()).not.toHaveClass(/notification--unread/);
  await expectBell(page, 2);

  // Deleting the reaction's notification takes it off the list (and off the count).
  await page.getByRole('link', { name: t.filter_all, exact: true }).click();
  await expect(items).toHaveCount(3);
  await items
    .filter({ hasText: reacted })
    .getByRole('button', { name: t.delete_notification })
    .click();
  await expect(items).toHaveCount(2);
  await expectBell(page, 1);

  // Mark all as read.
  const markAll = page.getByRole('button', { name: t.mark_all_read });
  await markAll.click();
  await expectBell(page, 0);
  await expect(page.locator('.notification--unread')).toHaveCount(0);
  await expect(markAll).toBeDisabled();
  await snapBoth(page, lang, 'notifications-read');

  // Nothing left under reactions.
  await page.getByRole('link', { name: t.filter_reactions, exact: true }).click();
  await expect(page.getByText(t.no_notifications)).toBeVisible();
  await snapBoth(page, lang, 'notifications-empty');
});

test('a visitor is asked to sign in to see notifications', async ({ page }, info) => {
  const { lang, t } = testLanguage(info);
  await page.goto('/notifications/home');
  await expect(page.getByText(t.notifications_sign_in)).toBeVisible();
  await expect(page.locator('.header-bell')).toHaveCount(0);
  await snapBoth(page, lang, 'notifications-visitor');
});
