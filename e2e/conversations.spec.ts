import { expect, test, type Page } from './fixtures';
import { testLanguage } from './helpers';
import {
  commandOn,
  commentOn,
  expectBell,
  newPerson,
  newPhoneOffer,
  pageOf,
  snapBoth,
  type Person,
} from './conversations.fixtures';

// Issue 7, in ar and fr: comments (threads to their depth limit, 'show more', edit, delete) and
// commands (the stock rule, the private note, accepting, the buyer's view of it). The product
// page's tabs belong to another branch: the flows go through the single comment and command
// pages, which show the same tabs on request.

/** The comment (the innermost one) whose text is this. */
const commentWith = (page: Page, text: string) =>
  page.locator('.comment__text', { hasText: text }).locator('xpath=ancestor::article[1]');
/** A control of that comment itself, not of its replies. */
const own = (comment: ReturnType<typeof commentWith>, selector: string) =>
  comment.locator(`:scope > .comment__main > ${selector}`);

/** A plural message for 1, 2 or 3 (Arabic: one, two, few; French: one, other). */
const plural = (t: Record<string, string>, key: string, count: 1 | 2 | 3) => {
  const form = count === 1 ? 'one' : count === 2 ? 'two' : 'few';
  return (t[`${key}_${form}`] ?? t[`${key}_other`]).replace('{{count}}', String(count));
};

/** The newest reply to a comment, as the API lists it (newest first). */
async function newestReply(person: Person, commentId: number): Promise<number> {
  const { comments } = await person.call<{ comments: { id: number }[] }>(
    'POST',
    `/comments/comment/${commentId}`,
    { limit: 1, offset: 0 },
  );
  return comments[0].id;
}

test('a comment thread: three at a time, grown to its depth limit, edited and deleted', async ({
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 150_000);
  const seller = await newPerson(baseURL!, lang, 'Vatma', 'Mint Brahim');
  const buyer = await newPerson(baseURL!, lang, 'Cheikh', 'Ould Ahmedou');
  const productId = await newPhoneOffer(seller, 'Tecno Camon 20', 4, 4500);
  const texts = ['Premier message', 'Deuxième message', 'Troisième message', 'Quatrième message'];
  const ids: number[] = [];
  for (const text of texts) ids.push(await commentOn(buyer, 'product', productId, text));

  const page = await pageOf(browser, buyer, lang);
  await page.goto(`/comments/comment/${ids[3]}`);
  await expect(commentWith(page, texts[3])).toBeVisible();

  // The product's comments, three at a time: the newest three, oldest first, then the one
  // before them, placed above.
  await page.getByRole('button', { name: t.show_all_comments }).click();
  const tab = page.locator('.comments-tab');
  await expect(tab.locator('.comment__text')).toHaveText(texts.slice(1));
  const loaded = t.loaded_of_total.replace('{{loaded}}', '3').replace('{{total}}', '4');
  await expect(tab.locator('.show-more__count')).toHaveText(loaded);
  await snapBoth(page, lang, 'comments-tab-show-more', tab);
  await tab.getByRole('button', { name: t.show_more_comments }).click();
  await expect(tab.locator('.comment__text')).toHaveText(texts);
  await expect(tab.locator('.show-more')).toHaveCount(0);
  await snapBoth(page, lang, 'comments-tab-all', tab);

  // Grow the thread of the fourth comment to its depth limit (3 under a product).
  await page.goto(`/comments/comment/${ids[3]}`);
  // The page's own comment (its text changes when edited).
  const top = page.locator('.conversation-page__item > article.comment');
  const box = page.locator('.conversation-page__item .comments-list--depth-2 > .comment-input');
  await box.locator('textarea').fill('Réponse de niveau 2');
  await box.getByRole('button', { name: t.send }).click();
  const second = commentWith(page, 'Réponse de niveau 2');
  await expect(second).toBeVisible();
  await expect(own(top, '.comment__replies-toggle')).toHaveText(plural(t, 'hide_replies_count', 1));

  await own(second, '.comment__meta').getByRole('button', { name: t.reply }).click();
  const thirdBox = second.locator('.comments-list--depth-3 > .comment-input textarea');
  await expect(thirdBox).toBeFocused();
  await thirdBox.fill('Réponse de niveau 3');
  await thirdBox.press('Control+Enter');
  const third = commentWith(page, 'Réponse de niveau 3');
  await expect(third).toBeVisible();
  // Issue 20 item 9: a reply box closes once its reply is sent.
  await expect(thirdBox).toHaveCount(0);

  // Replying at the limit opens the parent's input box, no fourth level.
  await own(third, '.comment__meta').getByRole('button', { name: t.reply }).click();
  await expect(page.locator('.comments-list--depth-4')).toHaveCount(0);
  await expect(thirdBox).toBeFocused();
  await thirdBox.fill('Encore au niveau 3');
  await thirdBox.press('Control+Enter');
  await expect(commentWith(page, 'Encore au niveau 3')).toBeVisible();
  await expect(second.locator('.comments-list--depth-3 .comment')).toHaveCount(2);
  await snapBoth(page, lang, 'comment-thread-depth-limit', third);

  // The same on the single page of a third-level comment: its parent's box opens below it.
  const level3 = await newestReply(buyer, await newestReply(buyer, ids[3]));
  await page.goto(`/comments/comment/${level3}`);
  const limit = commentWith(page, 'Encore au niveau 3');
  await own(limit, '.comment__meta').getByRole('button', { name: t.reply }).click();
  const siblingBox = page.locator('.conversation-page__item > .comment-input textarea');
  await expect(siblingBox).toBeFocused();
  await siblingBox.fill('Une réponse sœur');
  await siblingBox.press('Control+Enter');
  await expect(commentWith(page, 'Une réponse sœur')).toBeVisible();

  // Edit: the text is required.
  await page.goto(`/comments/comment/${ids[3]}`);
  await own(top, '.comment__bubble .item-menu__button').click();
  await page.getByRole('menuitem', { name: t.edit_comment }).click();
  const editBox = top.locator(':scope > .comment__main > .comment-edit textarea');
  await editBox.fill('   ');
  await top.getByRole('button', { name: t.save_changes }).click();
  await expect(top.getByText(t.comment_text_bad_input)).toBeVisible();
  await snapBoth(page, lang, 'comment-edit-error', top);
  await editBox.fill('Quatrième message, corrigé');
  await top.getByRole('button', { name: t.save_changes }).click();
  await expect(own(top, '.comment__bubble .comment__text')).toHaveText(
    'Quatrième message, corrigé',
  );
  await expect(own(top, '.comment__meta .comment__edited')).toBeVisible();

  // Delete a reply in a list: it goes, and its parent's count drops by one.
  const reply = commentWith(page, 'Réponse de niveau 2');
  const toggle = own(reply, '.comment__replies-toggle');
  // Two replies grown here, and the sister reply written from the single page.
  await expect(toggle).toHaveText(plural(t, 'show_replies_count', 3));
  await toggle.click();
  await expect(toggle).toHaveText(plural(t, 'hide_replies_count', 3));
  const lastReply = commentWith(page, 'Encore au niveau 3');
  await own(lastReply, '.comment__bubble .item-menu__button').click();
  await page.getByRole('menuitem', { name: t.delete_comment }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await snapBoth(page, lang, 'comment-delete-confirm');
  await page.getByRole('button', { name: t.yes, exact: true }).click();
  await expect(page.getByText(t.comment_deleted)).toBeVisible();
  await expect(toggle).toHaveText(plural(t, 'hide_replies_count', 2));
  await expect(page.getByText(t.comment_deleted)).toHaveCount(0);

  // Deleting on the single page goes home.
  await page.goto(`/comments/comment/${ids[0]}`);
  const first = commentWith(page, texts[0]);
  await own(first, '.comment__bubble .item-menu__button').click();
  await page.getByRole('menuitem', { name: t.delete_comment }).click();
  await page.getByRole('button', { name: t.yes, exact: true }).click();
  await expect(page).toHaveURL('/');
  await page.goto(`/comments/comment/${ids[0]}`);
  await expect(page.getByRole('heading', { name: t.comment_not_found })).toBeVisible();
  await snapBoth(page, lang, 'comment-gone');
  await seller.call('DELETE', `/products/${productId}`);
});

test('commands: the stock rule, the private note, accepting, and the buyer’s view of it', async ({
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 150_000);
  const seller = await newPerson(baseURL!, lang, 'Zeinabou', 'Mint Salem');
  const buyer = await newPerson(baseURL!, lang, 'Yahya', 'Ould Mohamed');
  const other = await newPerson(baseURL!, lang, 'Oumar', 'Sy');
  const productId = await newPhoneOffer(seller, 'Samsung Galaxy S21', 3, 9000);
  await commandOn(other, productId, { number: 1, price: 8000, private: 'yes', text: 'Privé' });
  const publicId = await commandOn(other, productId, {
    number: 1,
    price: 8800,
    text: 'Je peux passer ce soir.',
  });

  // The buyer sees the public command, and that the rest are private.
  const buyerPage = await pageOf(browser, buyer, lang);
  await buyerPage.goto(`/commands/command/${publicId}`);
  await expect(buyerPage.locator('.command-item').first()).toContainText('Oumar Sy');
  await snapBoth(buyerPage, lang, 'command-page-visitor');
  await buyerPage.getByRole('button', { name: t.show_all_commands }).click();
  const tab = buyerPage.locator('.commands-tab');
  await expect(tab.locator('.command-item')).toHaveCount(1);
  await expect(tab.getByText(t.private_rest)).toBeVisible();
  await snapBoth(buyerPage, lang, 'commands-tab-private-note', tab);

  // More than the stock: 'number_not_available' under the quantity.
  await tab.getByRole('button', { name: t.add_command }).click();
  const form = tab.locator('.command-form');
  await expect(form.locator('input[name=number]')).toHaveValue('1');
  await form.locator('input[name=number]').fill('5');
  await form.getByRole('button', { name: t.add_command }).click();
  await expect(form.getByText(t.number_not_available)).toBeVisible();
  await expect(form.getByText(t.number_bad_input)).toBeVisible();
  await expect(form.locator('input[name=number]')).toBeFocused();
  await snapBoth(buyerPage, lang, 'command-form-not-available', form);

  // Two at 8 500: the total shows, the command joins the list.
  await form.locator('input[name=number]').fill('2');
  await form.locator('input[name=price]').fill('8500');
  await form.locator('textarea[name=text]').fill('Deux pièces, livraison à Ksar.');
  await expect(form.locator('.command-form__total')).toContainText('17');
  await snapBoth(buyerPage, lang, 'command-form-total', form);
  await form.getByRole('button', { name: t.add_command }).click();
  const mine = tab.locator('.command-item', { hasText: buyer.name });
  await expect(mine).toBeVisible();
  await expect(tab.locator('.command-form')).toHaveCount(0);
  await expect(mine.locator('.item-menu__button')).toBeVisible();

  // The seller opens the notification of it, accepts it, and answers.
  const sellerPage = await pageOf(browser, seller, lang);
  await sellerPage.goto('/notifications/home');
  const ordered = t.notification_commanded_offer.replace('{{name}}', buyer.name);
  await sellerPage.locator('.notification', { hasText: ordered }).locator('a').click();
  await expect(sellerPage).toHaveURL(/\/commands\/command\/\d+\/\d+$/);
  const command = sellerPage.locator('.conversation-page__item .command-item');
  await expect(command).toContainText('Deux pièces, livraison à Ksar.');
  await snapBoth(sellerPage, lang, 'command-page-seller');
  await command.getByRole('button', { name: t.mark_sold }).click();
  await expect(sellerPage.getByRole('alertdialog')).toBeVisible();
  await snapBoth(sellerPage, lang, 'command-mark-sold-confirm');
  await sellerPage.getByRole('button', { name: t.yes, exact: true }).click();
  await expect(command.locator('.badge--sold')).toHaveText(t.command_accepted);
  await expect(command.getByRole('button', { name: t.mark_sold })).toHaveCount(0);
  const answer = command.locator('.comment-input textarea');
  await answer.fill('Merci, passez demain à la boutique.');
  await answer.press('Control+Enter');
  await expect(command.getByText('Merci, passez demain à la boutique.')).toBeVisible();
  await snapBoth(sellerPage, lang, 'command-accepted-seller');

  // The buyer is told, sees it accepted, and can no longer edit or delete it.
  await buyerPage.goto('/');
  await expectBell(buyerPage, 2);
  await buyerPage.locator('.header-bell').click();
  const accepted = t.notification_accepted_offer.replace('{{name}}', seller.name);
  await buyerPage.locator('.notification', { hasText: accepted }).locator('a').click();
  const seen = buyerPage.locator('.conversation-page__item .command-item');
  await expect(seen.locator('.badge--sold')).toBeVisible();
  await expect(seen.getByText(t.command_sold_notice)).toBeVisible();
  // Its own menu (the seller's reply below it has one: the buyer may report it).
  await expect(seen.locator(':scope > .command-item__head .item-menu__button')).toHaveCount(0);
  await expectBell(buyerPage, 1);
  await snapBoth(buyerPage, lang, 'command-accepted-buyer');
  await seller.call('DELETE', `/products/${productId}`);
});

test('a comment and a command are reported with a reason, and not by their author', async ({
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const seller = await newPerson(baseURL!, lang, 'Mariem', 'Mint Ely');
  const buyer = await newPerson(baseURL!, lang, 'Ahmed', 'Ould Sidi');
  const reporter = await newPerson(baseURL!, lang, 'Khadijetou', 'Mint Abdallahi');
  const productId = await newPhoneOffer(seller, 'Redmi Note 12', 2, 6000);
  const commentId = await commentOn(buyer, 'product', productId, 'Toujours disponible ?');
  const commandId = await commandOn(buyer, productId, { number: 1, price: 5800, text: 'Ce soir' });

  // Issue 19: the reporter reports the comment as offensive from its menu, with a few words.
  const page = await pageOf(browser, reporter, lang);
  await page.goto(`/comments/comment/${commentId}`);
  const comment = page.locator('.conversation-page__item > article.comment');
  await own(comment, '.comment__bubble .item-menu__button').click();
  await expect(page.getByRole('menuitem', { name: t.edit_comment })).toHaveCount(0);
  await page.getByRole('menuitem', { name: t.report }).click();
  const dialog = page.getByRole('dialog', { name: t.report_title });
  await dialog.getByRole('radio', { name: t.report_why_offensive_label }).check();
  await dialog.locator('textarea[name=text]').fill('Insultes');
  await snapBoth(page, lang, 'comment-report-dialog', dialog);
  await dialog.getByRole('button', { name: t.report_send }).click();
  await expect(dialog).toHaveCount(0);
  await own(comment, '.comment__bubble .item-menu__button').click();
  await expect(page.getByRole('menuitem', { name: t.item_reported })).toBeDisabled();
  await page.keyboard.press('Escape');

  // The command, as a scam.
  await page.goto(`/commands/command/${commandId}`);
  const command = page.locator('.conversation-page__item .command-item');
  await command.locator('.item-menu__button').click();
  await expect(page.getByRole('menuitem', { name: t.edit_command })).toHaveCount(0);
  await page.getByRole('menuitem', { name: t.report }).click();
  await dialog.getByRole('radio', { name: t.report_why_scam_label }).check();
  await dialog.getByRole('button', { name: t.report_send }).click();
  await expect(dialog).toHaveCount(0);
  await command.locator('.item-menu__button').click();
  await expect(page.getByRole('menuitem', { name: t.item_reported })).toBeDisabled();

  // The author's own menu has no report entry.
  const authorPage = await pageOf(browser, buyer, lang);
  await authorPage.goto(`/commands/command/${commandId}`);
  const ownCommand = authorPage.locator('.conversation-page__item .command-item');
  await ownCommand.locator('.item-menu__button').click();
  await expect(authorPage.getByRole('menuitem', { name: t.edit_command })).toBeVisible();
  await expect(authorPage.getByRole('menuitem', { name: t.report })).toHaveCount(0);
  await authorPage.goto(`/comments/comment/${commentId}`);
  const mine = authorPage.locator('.conversation-page__item > article.comment');
  await own(mine, '.comment__bubble .item-menu__button').click();
  await expect(authorPage.getByRole('menuitem', { name: t.edit_comment })).toBeVisible();
  await expect(authorPage.getByRole('menuitem', { name: t.report })).toHaveCount(0);
  await seller.call('DELETE', `/products/${productId}`);
});
