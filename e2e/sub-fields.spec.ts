import { expect, test } from './fixtures';
import { randomPhone, signUp, testLanguage } from './helpers';

// SPEC §3's sub-fields, as a new user meets them (issue 15 item 7): post a car with its brand and
// its model (the model list follows the brand), see the model on the offer, find the offer by its
// model in the "so advanced" search. In ar and fr.

test('a car posted with brand and model is found by its model', async ({ page }, info) => {
  const { lang, t } = testLanguage(info, 120_000);
  const name = lang === 'ar' ? `سيارة ${Date.now()}` : `Voiture ${Date.now()}`;

  await signUp(page, randomPhone(), 'a-good-password');
  await page.getByRole('link', { name: t.post_ad }).click();
  await page.locator('select[name=pcategory_id]').selectOption({ label: t.vehicles });
  const sub = page.locator('select[name=psubcategory_id]');
  await expect(sub).toBeEnabled();
  await sub.selectOption({ label: t.cars });
  await page.locator('input[name=name]').fill(name);

  const brand = page.locator('select:has(option[value="Toyota"])');
  const model = page.locator('select[name$=_sub]');
  await expect(model).toHaveCount(0);
  await brand.selectOption('Peugeot');
  await expect(model.locator('option[value="206"]')).toHaveCount(1);
  await brand.selectOption('Toyota');
  await expect(model.locator('option[value="206"]')).toHaveCount(0);
  await model.selectOption('Hilux');
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page).toHaveURL(/\/products\/product\/\d+$/);

  // The offer shows the model under the sub-field's name.
  await expect(page.locator('[data-fact$=_sub]')).toContainText(t.model);
  await expect(page.locator('[data-fact$=_sub]')).toContainText('Hilux');

  // The same key finds it in the search, and another model does not.
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const { product } = await (
    await page.request.get(`/products/product/${id}`, { headers: { accept: 'application/json' } })
  ).json();
  const field = product.pfields.find(
    (f: { pivot: { value: string } }) => f.pivot.value === 'Toyota',
  );
  const search = (modelName: string) =>
    `/search?mode=so_advanced&name=${encodeURIComponent(name)}` +
    `&pcategory_id=${product.psubcategory.pcategory.id}&psubcategory_id=${product.psubcategory_id}` +
    `&pfield_${field.id}=Toyota&pfield_${field.id}_sub=${modelName}`;
  await page.goto(search('Hilux'));
  // (Its words are also in the search's summary, hidden while the form is open.)
  await expect(page.locator('.result-card').filter({ hasText: name })).toBeVisible();
  await expect(page.locator(`select[name=pfield_${field.id}_sub]`)).toHaveValue('Hilux');
  await page.goto(search('Corolla'));
  await expect(page.locator('.result-card')).toHaveCount(0);
});
