import { expect, test } from './fixtures';
import {
  dictionary,
  expectLanguage,
  languageOf,
  otherLanguage,
  randomPhone,
  signUp,
  testLanguage,
} from './helpers';
import { tilePng } from './map-stand-in';
import { fill, shotBoth } from './shops-helpers';

// Issue 9, end to end in ar and fr: the user card (SPEC §2), the profile form with a photo and a
// cover, and 'my shops'. Deleting one's own account (with the password since issue 34) is
// e2e/own-data.spec.ts's. Screenshots of each screen at 360×740 and 1280×800.

const image = (name: string) => ({ name, mimeType: 'image/png', buffer: tilePng() });

test('a user edits their profile with a photo, sees their card and their shops', async ({
  page,
  browser,
}, info) => {
  const { lang, t } = testLanguage(info, 90_000);
  await signUp(page, randomPhone());

  // From the header's menu to their own page.
  await page.getByRole('button', { name: t.user_menu }).click();
  await page.getByRole('link', { name: t.my_profile, exact: true }).click();
  await expect(page).toHaveURL(/\/users\/user\/\d+$/);
  const userPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mariem Mint Ahmed');
  await page.getByRole('link', { name: t.edit_profile }).click();
  await expect(page).toHaveURL('/account/profile');
  await expect(page.locator('input[name=first_name]')).toHaveValue('Mariem');

  // The browser checks first; the fields keep what was typed.
  await page.locator('input[name=phone_2]').fill('123');
  await page.locator('input[name=last_name]').fill('');
  await page.getByRole('button', { name: t.save_changes }).click();
  await expect(page.locator('input[name=last_name]')).toHaveAccessibleDescription(t.required);
  await expect(page.locator('input[name=phone_2]')).toHaveAccessibleDescription(t.phone_bad_input);
  await expect(page.locator('input[name=last_name]')).toBeFocused();
  await shotBoth(page, lang, 'profile-errors');

  // A file that is not an image is refused before anything is sent.
  await page.locator('input[type=file][data-field=photo]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.locator('input[type=file][data-field=photo]')).toHaveAccessibleDescription(
    new RegExp(t.file_type_not_allowed),
  );

  await page.locator('input[name=last_name]').fill('Mint Sidi');
  await page.locator('input[name=phone_2]').fill('36 12 34 56');
  await page.locator('input[name=whatsapp_number]').fill('22112233');
  await page
    .locator('textarea[name=more_infos]')
    .fill('Couturière à Tevragh Zeina.\nMelhfas sur mesure.');
  await page.locator('input[type=file][data-field=photo]').setInputFiles(image('me.png'));
  await page.locator('input[type=file][data-field=cover]').setInputFiles(image('cover.png'));
  await expect(page.locator('.image-field__preview img')).toHaveCount(2);
  await shotBoth(page, lang, 'profile-form', { fullPage: true });
  await page.getByRole('button', { name: t.save_changes }).click();

  // Their card: the new name, photo, cover, phones with call and WhatsApp links, more infos.
  await expect(page).toHaveURL(userPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mariem Mint Sidi');
  await expect(page.locator('.user-card__photo img')).toHaveAttribute('src', /-small\.webp$/);
  await expect(page.locator('.user-card__cover img')).toHaveAttribute('src', /\.webp$/);
  await expect(page.locator('a[href="tel:+22236123456"]')).toBeVisible();
  await expect(page.locator('a[href^="https://wa.me/22222112233?text="]')).toBeVisible();
  await expect(page.getByText('Melhfas sur mesure.')).toBeVisible();
  // Leaving needs the password again: the link leads to the account settings' form (issue 34).
  await expect(page.getByRole('link', { name: t.delete_account })).toHaveAttribute(
    'href',
    '/account/profile#delete',
  );
  await shotBoth(page, lang, 'user-page-self', {
    ready: () => expect(page.locator('.user-card__photo img')).toBeVisible(),
  });

  // My shops: the personal shop, owned, and the way to create another.
  await page.getByRole('link', { name: t.my_shops, exact: true }).click();
  await expect(page).toHaveURL('/account/shops');
  await expect(page.locator('.my-shops__item')).toHaveCount(1);
  await expect(page.locator('.my-shops__item')).toContainText(t.shop_role_owner);
  await expect(page.locator('.my-shops__item')).toContainText(t.shop_kind_personal);
  await shotBoth(page, lang, 'my-shops');
  await page.getByRole('link', { name: t.create_shop }).click();
  await expect(page).toHaveURL('/shops/new');

  // A visitor sees the card without the owner's controls.
  const visitor = await browser.newContext({ locale: lang === 'ar' ? 'ar' : 'fr-FR' });
  const other = await visitor.newPage();
  await other.goto(new URL(userPath, page.url()).toString());
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Mariem Mint Sidi');
  await expect(other.getByRole('link', { name: t.delete_account })).toHaveCount(0);
  await expect(other.getByRole('button', { name: t.delete_account })).toHaveCount(0);
  await expect(other.getByRole('link', { name: t.edit_profile })).toHaveCount(0);
  // Mariem has posted nothing yet: her page says so instead of ending there.
  await expect(other.getByText(t.user_no_offers)).toBeVisible();
  await shotBoth(other, lang, 'user-page-visitor');
  await other.goto('/users/user/999999');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(t.user_not_found);
  await visitor.close();
});

test('a seller’s page lists their offers, each opening its page', async ({
  page,
  request,
}, info) => {
  const { lang } = testLanguage(info, 60_000);
  // A demo offer's poster: the first offer of the home page, read through the API.
  await page.goto('/');
  const link = page.locator('a[href^="/products/product/"]').first();
  await expect(link).toBeAttached();
  const id = /\/products\/product\/(\d+)/.exec((await link.getAttribute('href'))!)![1];
  const answer = await request.get(`/products/product/${id}`, {
    headers: { accept: 'application/json' },
  });
  const first = (await answer.json()).product as { user_id: number };
  await page.goto(`/users/user/${first.user_id}`);
  const offers = page.locator('.user-listings .product-grid__item');
  await expect(offers.first()).toBeVisible();
  await shotBoth(page, lang, 'user-page-offers', { fullPage: true });
  await offers.first().locator('a[href^="/products/product/"]').first().click();
  await expect(page).toHaveURL(/\/products\/product\/\d+/);
});

test('choosing the other language in the profile switches the whole interface', async ({
  page,
}, info) => {
  const lang = languageOf(info);
  const other = otherLanguage(lang);
  const o = dictionary(other);
  await signUp(page, randomPhone());
  await page.goto('/account/profile');
  await page.locator('select[name=language]').selectOption(other);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: dictionary(lang).save_changes }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/users\/user\/\d+$/);
  await expectLanguage(page, other);
  await expect(page.getByRole('link', { name: o.edit_profile })).toBeVisible();
  expect(fill(o.member_since, { date: '' })).not.toBe('');
});
