import { expect, test } from './fixtures';
import { testLanguage } from './helpers';
import { commandOn, newPerson, newPhoneOffer, pageOf, snapBoth } from './conversations.fixtures';

// Issue 32 item 5, as a buyer and a seller do it, in ar and fr: after the seller accepts the
// buyer's command, the buyer rates the shop under it (stars and a few words); the seller is told
// (`rated`), opens the shop's reviews tab and answers once; the buyer is told of the answer
// (`rating_answered`) and reads it on the shop's page. Screenshots at 360 and 1280 px:
// test-results/screenshots/<lang>-<size>-shop-rating*.png. What it made goes at the end.

const PASSWORD = 'a-good-password';

/** A plural message for `count` (Arabic: one, two, few; French: one, other). */
const plural = (t: Record<string, string>, key: string, count: number) => {
  const form = count === 1 ? 'one' : count === 2 ? 'two' : count <= 10 ? 'few' : 'many';
  return (t[`${key}_${form}`] ?? t[`${key}_other`]).replace('{{count}}', String(count));
};

test('a buyer rates the shop after an accepted command, the shop answers, the buyer is told', async ({
  browser,
  baseURL,
}, info) => {
  const { lang, t } = testLanguage(info, 150_000);
  const stamp = Date.now() % 100000;
  const seller = await newPerson(baseURL!, lang, 'Zeinabou', 'Mint Salem');
  const buyer = await newPerson(baseURL!, lang, 'Yahya', 'Ould Mohamed');
  const productId = await newPhoneOffer(seller, `Redmi Note 12 ${lang} ${stamp}`, 3, 7000);
  const commandId = await commandOn(buyer, productId, { number: 1, price: 7000 });
  await seller.call('GET', `/commands/sold/${commandId}`);
  const { user } = await seller.call<{ user: { shops: { id: number; name: string }[] } }>(
    'GET',
    '/users/me',
  );
  const shop = user.shops[0];

  try {
    // The buyer, under their accepted command: the form, until when they may rate.
    const buyerPage = await pageOf(browser, buyer, lang);
    await buyerPage.goto(`/commands/command/${commandId}`);
    const form = buyerPage.locator('.rate-shop');
    await expect(form.getByText(t.rate_shop_title)).toBeVisible({ timeout: 20_000 });
    await snapBoth(buyerPage, lang, 'shop-rating-form', form);

    // Sent without a star: told to choose; then four stars and a few words.
    await form.getByRole('button', { name: t.rating_send }).click();
    await expect(form.getByRole('alert')).toContainText(t.rating_choose_stars);
    await form.locator('label.rate-shop__star').nth(3).click();
    await expect(
      form.getByRole('radio', { name: plural(t, 'rating_stars_count', 4) }),
    ).toBeChecked();
    await expect(form.getByRole('alert')).toHaveCount(0);
    const words =
      lang === 'ar' ? 'بائع جاد، الهاتف كما في الوصف' : 'Vendeuse sérieuse, téléphone conforme';
    await form.getByLabel(t.rating_text_label).fill(words);
    await snapBoth(buyerPage, lang, 'shop-rating-filled', form);
    const rated = buyerPage.waitForResponse(
      (r) => r.url().endsWith(`/commands/${commandId}/rating`) && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: t.rating_send }).click();
    expect((await rated).status()).toBe(201);
    const mine = buyerPage.getByTestId('rating-yours');
    await expect(mine).toContainText(t.rating_yours);
    await expect(mine.getByRole('img', { name: plural(t, 'rating_stars_count', 4) })).toBeVisible();
    await expect(mine).toContainText(words);
    await snapBoth(buyerPage, lang, 'shop-rating-sent', mine);

    // The seller is told, opens the shop's reviews tab from the bell's list, and answers.
    const sellerPage = await pageOf(browser, seller, lang);
    await sellerPage.goto('/notifications/home');
    const told = sellerPage.locator('.notification', { hasText: buyer.name }).first();
    await expect(told).toContainText(shop.name, { timeout: 20_000 });
    await snapBoth(sellerPage, lang, 'shop-rating-notified-seller', told);
    await told.locator('a').click();
    await expect(sellerPage).toHaveURL(new RegExp(`/shops/shop/${shop.id}\\?tab=reviews`));
    const review = sellerPage.locator('.review', { hasText: words });
    await expect(review).toBeVisible({ timeout: 20_000 });
    await expect(sellerPage.locator('.shop-reviews__summary')).toContainText('4');
    const answerText =
      lang === 'ar' ? 'شكرًا لك، نرحب بك دائمًا في متجرنا' : 'Merci, à bientôt à la boutique !';
    await review.getByLabel(t.rating_answer_label).fill(answerText);
    await snapBoth(sellerPage, lang, 'shop-rating-answer-form', review);
    await review.getByRole('button', { name: t.rating_answer_send }).click();
    await expect(review.locator('.review__answer')).toContainText(t.rating_answer_by_shop);
    await expect(review.locator('.review__answer')).toContainText(answerText);
    await expect(review.getByLabel(t.rating_answer_label)).toHaveCount(0);
    await snapBoth(sellerPage, lang, 'shop-rating-answered', review);

    // The buyer is told of the answer and reads it on the shop's page.
    await buyerPage.goto('/notifications/home');
    const answered = buyerPage.locator('.notification', {
      hasText: t.notification_rating_answered.replace('{{name}}', seller.name),
    });
    await expect(answered).toContainText(shop.name, { timeout: 20_000 });
    await snapBoth(buyerPage, lang, 'shop-rating-notified-buyer', answered);
    await answered.locator('a').click();
    await expect(buyerPage).toHaveURL(new RegExp(`/shops/shop/${shop.id}\\?tab=reviews`));
    const seen = buyerPage.locator('.review', { hasText: words });
    await expect(seen.locator('.review__answer')).toContainText(answerText, { timeout: 20_000 });
    // Their own review: no report button, no answer form.
    await expect(seen.getByRole('button', { name: t.rating_report })).toHaveCount(0);
    await expect(seen.getByLabel(t.rating_answer_label)).toHaveCount(0);
    await snapBoth(buyerPage, lang, 'shop-rating-buyer-reads', seen);
  } finally {
    // Later specs count offers, shops and ratings: both accounts go with all they made.
    await seller.call('DELETE', `/products/${productId}`);
    await seller.call('DELETE', '/users/me', { password: PASSWORD });
    await buyer.call('DELETE', '/users/me', { password: PASSWORD });
  }
});
