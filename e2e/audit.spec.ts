import { expect, test, type Page } from './fixtures';
import {
  chooseLanguage,
  DEMO_PASSWORD,
  type Language,
  pageCall,
  signIn,
  testLanguage,
} from './helpers';
import { shotBoth } from './shops-helpers';

// Issue 34 item 4, end to end in ar and fr: a site admin's catalogue change is in the audit tab
// with its before and after, the action filter narrows the list, and a moderator has no such tab.
// Screenshots at 360×740 and 1280×800.

const ADMIN = '22000000';

async function signInAs(page: Page, phone: string, language: Language) {
  await signIn(page, phone, DEMO_PASSWORD);
  await page.waitForURL('/');
  await page.waitForLoadState('networkidle');
  await chooseLanguage(page, language);
  await page.waitForLoadState('networkidle');
}

test('a site admin reads the audit trail, filtered by action', async ({ page }, info) => {
  const { lang, t } = testLanguage(info, 90_000);
  await signInAs(page, ADMIN, lang);
  const name = `audit_${lang}_${Math.random().toString(36).slice(2, 7)}`;
  const created = await pageCall(page, 'POST', '/pcategories/create', { name, order_number: 4 });
  expect(created.status).toBe(201);
  const id = created.body.pcategory.id as number;
  expect(
    (await pageCall(page, 'PUT', `/pcategories/${id}`, { name, order_number: 7 })).status,
  ).toBe(200);

  await page.goto('/admin');
  await page.getByRole('tab', { name: t.admin_tab_audit }).click();
  await expect(page).toHaveURL(/tab=audit/);
  const entries = page.locator('li.audit-item');
  const updated = entries.filter({ hasText: t.audit_action_pcategory_update }).first();
  await expect(updated).toContainText(`#${id}`);
  await expect(updated.locator('del')).toHaveText('4');
  await expect(updated.locator('ins')).toHaveText('7');
  await shotBoth(page, lang, 'admin-audit');

  await page.getByLabel(t.audit_filter_action).selectOption('pcategory.create');
  await expect(page).toHaveURL(/action=pcategory\.create/);
  await expect(entries.first()).toContainText(t.audit_action_pcategory_create);
  await expect(entries.filter({ hasText: t.audit_action_pcategory_update })).toHaveCount(0);
  // The actor's name narrows to their actions.
  await entries.first().locator('.audit-item__actor').click();
  await expect(page).toHaveURL(/actor_id=\d+/);
  await expect(page.getByRole('link', { name: t.audit_every_actor })).toBeVisible();
  await shotBoth(page, lang, 'admin-audit-filtered');

  // The catalogue stays as the other specs read it (a raw name would show on the home page).
  expect((await pageCall(page, 'DELETE', `/pcategories/${id}`, {})).status).toBe(204);
});
