import { expect, test, type Page } from './fixtures';
import {
  DEMO_PASSWORD,
  chooseLanguage,
  type Language,
  signIn,
  snap,
  testLanguage,
  VIEWPORTS,
} from './helpers';

// Issue 4, done when: an admin can build and change the catalogue from the browser in either
// language, and nobody else can. Each test runs in ar and in fr; the admin's walk runs on a phone
// and on a desktop screen, with a screenshot of every state (test-results/screenshots/admin-…).

const ADMIN = '22000000';
const USER = '22000002';

const unique = () => Math.random().toString(36).slice(2, 8);

/** Signs in and puts the account in the project's language (the demo admin's is Arabic). */
async function signInAs(page: Page, phone: string, language: Language) {
  await signIn(page, phone, DEMO_PASSWORD);
  await page.waitForURL('/');
  // The page settles on the account's language first, then on the test's (a saved choice reloads).
  await page.waitForLoadState('networkidle');
  await chooseLanguage(page, language);
  await page.waitForLoadState('networkidle');
}

/** The list item of a catalogue entry whose shown name (and key) starts with `name`. */
const itemOf = (page: Page, name: string) =>
  page.locator('li.catalog-item').filter({
    has: page.locator(':scope > .catalog-item__head .catalog-name', { hasText: name }),
  });

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('an admin builds, changes and deletes a category, a subcategory and a field', async ({
      page,
    }, info) => {
      const { lang, t } = testLanguage(info);
      const shot = (name: string) => snap(page, lang, `admin-${name}`);
      const key = `e2e_${unique()}`;
      await signInAs(page, ADMIN, lang);

      // The admin link is in the user menu. The menu closes on any navigation, and the page may
      // still settle after signing in (language), so it is opened until the link shows, then
      // the link's address is followed.
      const adminLink = page.getByRole('link', { name: t.admin });
      await expect(async () => {
        if (!(await adminLink.isVisible())) {
          await page.getByRole('button', { name: t.user_menu }).click();
        }
        await expect(adminLink).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(adminLink).toHaveAttribute('href', '/admin');
      await page.goto('/admin');
      await expect(page).toHaveURL('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.admin_title);
      await expect(page.getByRole('tab', { name: t.admin_tab_categories })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      // The seeded tree, translated, with its keys.
      await expect(itemOf(page, t.vehicles)).toContainText('vehicles');
      await shot('categories');

      // Add a category: order 0 is refused in the browser, then it goes.
      await page.getByRole('button', { name: t.add_category }).click();
      const addForm = page.locator('.catalog-section__form');
      await expect(addForm.locator('input[name=order_number]')).toHaveValue('1');
      await addForm.locator('input[name=name]').fill(key);
      await addForm.locator('input[name=order_number]').fill('0');
      await addForm.locator('button[type=submit]').click();
      await expect(addForm.getByText(t.admin_order_number_bad_input)).toBeVisible();
      await expect(addForm.locator('input[name=order_number]')).toBeFocused();
      await shot('category-error');
      await addForm.locator('input[name=order_number]').fill('1');
      await addForm.locator('button[type=submit]').click();
      await expect(page.getByRole('status').filter({ hasText: key })).toBeVisible();
      const category = itemOf(page, key);
      await expect(category).toBeVisible();

      // Edit it: a label in the page's language shows instead of the key, the key stays visible.
      const label = lang === 'ar' ? 'فئة تجريبية' : 'Catégorie d’essai';
      await category.getByRole('button', { name: `${t.edit_category} ${key}` }).click();
      await category.locator(`input[name=name_${lang}]`).fill(label);
      await category.locator('input[name=order_number]').fill('2');
      await shot('category-edit');
      await category.locator('button[type=submit]').click();
      const edited = itemOf(page, label);
      await expect(edited.locator('.catalog-name__key').first()).toHaveText(key);
      await expect(edited.locator('.catalog-item__badge').first()).toHaveText(
        t.order_n.replace('{{order}}', '2'),
      );

      // Its subcategories: none yet; add one with a unit.
      await edited.locator('.catalog-item__toggle').first().click();
      await expect(edited.getByText(t.no_subcategories)).toBeVisible();
      await edited.getByRole('button', { name: t.add_subcategory }).click();
      const subForm = edited.locator('.catalog-section__form');
      await subForm.locator('input[name=name]').fill(`${key}_sub`);
      await subForm.locator('select[name=mesure_unit]').selectOption('KG');
      await subForm
        .getByRole('radiogroup', { name: t.can_be_rented })
        .getByRole('radio', { name: t.no, exact: true })
        .check();
      await shot('subcategory-form');
      await subForm.locator('button[type=submit]').click();
      const subcategory = itemOf(page, `${key}_sub`);
      await expect(subcategory).toBeVisible();
      await expect(subcategory.locator('.catalog-item__meta').first()).toContainText(t.unit_KG);

      // Its fields: a select field whose values are JSON; bad JSON comes back under `values`.
      await subcategory.locator('.catalog-item__toggle').first().click();
      await expect(subcategory.getByText(t.no_fields)).toBeVisible();
      await subcategory.getByRole('button', { name: t.add_field }).click();
      const fieldForm = subcategory.locator('.catalog-section__form');
      await expect(fieldForm.locator('select[name=type]')).toHaveValue('text');
      await expect(fieldForm.locator('select[name=position]')).toHaveValue('third');
      await fieldForm.locator('input[name=name]').fill(`${key}_size`);
      await fieldForm.locator('select[name=type]').selectOption('select');
      await fieldForm.locator('textarea[name=values]').fill('[{"value": "small"}, {"value": ');
      await fieldForm.locator('button[type=submit]').click();
      await expect(fieldForm.getByText(t.invalid_json)).toBeVisible();
      await expect(fieldForm.locator('textarea[name=values]')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await fieldForm.locator('textarea[name=values]').scrollIntoViewIfNeeded();
      await shot('field-error');
      await fieldForm
        .locator('textarea[name=values]')
        .fill(
          '[{"value": "small"}, {"value": "large", "sub_field": {"name": "width", "values": [{"value": "2m"}]}}]',
        );
      // Issue 35 item 18: the sub-field the JSON opens gets its labels, like a field.
      const subLabels = fieldForm.getByRole('group', { name: t.sub_field_labels });
      await expect(subLabels).toBeVisible();
      await subLabels.locator('input[name="sub_label_ar:width"]').fill('العرض');
      await subLabels.locator('input[name="sub_label_fr:width"]').fill('Largeur');
      await subLabels.scrollIntoViewIfNeeded();
      await shot('field-sub-labels');
      await fieldForm.locator('select[name=mesure_unit]').selectOption('M');
      await fieldForm
        .getByRole('radiogroup', { name: t.translated })
        .getByRole('radio', { name: t.no, exact: true })
        .check();
      await fieldForm.locator('button[type=submit]').click();
      const field = itemOf(page, `${key}_size`);
      await expect(field).toBeVisible();
      await expect(field).toContainText(
        lang === 'ar' ? t.values_count_two : t.values_count_other.replace('{{count}}', '2'),
      );
      await expect(field).toContainText('large');
      // The list names the sub-field by its label in the page's language, not by its key.
      await expect(field.locator('.admin-value__sub')).toHaveText(
        lang === 'ar' ? 'العرض' : 'Largeur',
      );
      await shot('tree');

      // Delete the field, the subcategory and the category, each through the confirmation.
      const confirmDelete = async (button: string, screenshot?: string) => {
        await page.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toContainText(t.confirm_message);
        if (screenshot) await shot(screenshot);
        await dialog.getByRole('button', { name: t.yes, exact: true }).click();
        await expect(dialog).toHaveCount(0);
      };
      await confirmDelete(`${t.delete_field} ${key}_size`, 'confirm');
      await expect(field).toHaveCount(0);
      await expect(subcategory.getByText(t.no_fields)).toBeVisible();
      await confirmDelete(`${t.delete_subcategory} ${key}_sub`);
      await expect(subcategory).toHaveCount(0);
      await confirmDelete(`${t.delete_category} ${label}`);
      await expect(itemOf(page, label)).toHaveCount(0);

      // A category that offers use cannot go: the reason shows on it.
      const vehicles = itemOf(page, t.vehicles);
      await confirmDelete(`${t.delete_category} ${t.vehicles}`);
      await expect(vehicles.getByRole('alert')).toContainText(t.category_in_use);
      await shot('category-in-use');
    });

    test('an error thrown in the page shows up in the logs tab', async ({ page }, info) => {
      const { lang, t } = testLanguage(info);
      const shot = (name: string) => snap(page, lang, `admin-${name}`);
      await signInAs(page, ADMIN, lang);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.admin_title);

      const message = `e2e failure ${unique()} <b>not bold</b>`;
      const posted = page.waitForResponse(
        (response) =>
          response.url().endsWith('/frontends/logs') && response.request().method() === 'POST',
      );
      await page.evaluate((text) => {
        setTimeout(() => {
          throw new Error(text);
        });
      }, message);
      expect((await posted).status()).toBe(201);

      await page.getByRole('tab', { name: t.admin_tab_logs }).click();
      await expect(page).toHaveURL('/admin?tab=logs');
      const log = page.locator('.log-item').filter({ hasText: message });
      await expect(log).toBeVisible();
      // The signed-in admin is attached, with their phone.
      await expect(log.getByRole('link', { name: ADMIN })).toHaveAttribute(
        'href',
        `tel:+222${ADMIN}`,
      );
      await expect(log.locator('time')).toBeVisible();
      await expect(log.locator('pre')).toHaveCount(0);
      await shot('logs');
      await log.getByRole('button', { name: t.show_log }).click();
      const body = log.locator('pre');
      await expect(body).toContainText(`"message": "${message}"`);
      await expect(body).toContainText('"url": "');
      await expect(body).toContainText('"userAgent": "');
      await expect(log.locator('b')).toHaveCount(0);
      await shot('log-open');
    });
  });
}

test('nobody else opens the admin page', async ({ page }, info) => {
  const { lang, t } = testLanguage(info);
  // A visitor is asked to sign in first.
  await page.goto('/admin');
  await expect(page).toHaveURL('/login?next=%2Fadmin');

  // A plain user has no admin link and is sent home; the server refuses their calls anyway.
  await signInAs(page, USER, lang);
  await page.getByRole('button', { name: t.user_menu }).click();
  await expect(page.locator('.user-menu__panel')).toBeVisible();
  await expect(page.getByRole('link', { name: t.admin })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  const answer = await page.evaluate(async () => {
    const response = await fetch('/admin/frontends/logs?page=1', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    return response.status;
  });
  expect(answer).toBe(403);
});
