import { expect, test, type Page } from './fixtures';
import sharp from 'sharp';
import { snap, swipeSlider, testLanguage, VIEWPORTS, xsrfToken } from './helpers';
import { newPerson, subcategoryId, type Person } from './conversations.fixtures';

// Issue 35 items 8, 9 and 10, in ar and fr: photos of mixed shapes each fit the slider's frame
// (the first photo's shape, a blurred fill, nothing moves as they load); Back closes the
// full-screen viewer only; a demand without a photo takes no empty image box.

/** A plain photo of `width`×`height` as PNG bytes. */
const photo = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 90 } } })
    .png()
    .toBuffer();

/** An offer of phones with a wide photo and a tall one, through the API (multipart). */
async function offerWithMixedPhotos(person: Person, name: string): Promise<number> {
  const form = new FormData();
  form.set('name', name);
  form.set('price', '12000');
  form.set('number', '1');
  form.set('offer_type', 'sale');
  form.set('psubcategory_id', String(await subcategoryId(person, 'multimedia', 'phones')));
  const [wide, tall] = await Promise.all([photo(1200, 600, 200), photo(600, 1000, 40)]);
  form.append('files', new Blob([new Uint8Array(wide)], { type: 'image/png' }), 'wide.png');
  form.append('files', new Blob([new Uint8Array(tall)], { type: 'image/png' }), 'tall.png');
  const response = await person.api.post('/products/create/offer', {
    multipart: form,
    headers: { 'X-XSRF-TOKEN': await xsrfToken(person.api) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: { id: number } }).product.id;
}

/** The layout shifts (CLS entries) that moved a part of the slider since the page loaded. */
async function sliderShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            sources: { node?: Node }[];
          }[]) {
            const media = document.querySelector('.offer-media');
            if (entry.sources.some((source) => source.node && media?.contains(source.node))) {
              total += entry.value;
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('photos of mixed shapes fit one frame; Back closes the viewer only', async ({
      page,
      baseURL,
    }, info) => {
      const { lang, t } = testLanguage(info, 90_000);
      const seller = await newPerson(baseURL!, lang, 'Vatma', 'Mint Salem');
      const name = `Infinix Hot ${Date.now()}`;
      const id = await offerWithMixedPhotos(seller, name);

      await page.goto(`/products/product/${id}`);
      const slides = page.locator('.offer-media .offer-media__slide');
      await expect(slides).toHaveCount(2);
      await expect(page.locator('.offer-media__image').first()).toBeVisible();
      // Both slides have the frame's shape: the first photo's (2:1 → the widest allowed, 16:9;
      // 3:5 → the tallest allowed, 3:4), whichever came first; each photo whole on a blurred fill.
      const boxes = await slides.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      );
      expect(Math.abs(boxes[0].height - boxes[1].height)).toBeLessThan(1);
      const ratio = boxes[0].width / boxes[0].height;
      expect([16 / 9, 3 / 4].some((wanted) => Math.abs(ratio - wanted) < 0.02)).toBe(true);
      await expect(page.locator('.offer-media__fill')).toHaveCount(2);
      await expect(page.locator('.offer-media__image').first()).toHaveCSS('object-fit', 'contain');
      expect(await sliderShifts(page)).toBeLessThan(0.01);
      await snap(page, lang, 'offer-mixed-photos');
      // The visitor's first touch of the server's page is a swipe: the carousel's code comes with
      // that touch, and the swipe still changes slide.
      await swipeSlider(page, lang, true);
      await expect(page.locator('.offer-media .slider__counter')).toHaveText(
        t.slide_position.replace('{{current}}', '2').replace('{{total}}', '2'),
      );
      // The slide counted is the one in view, once the carousel has settled on it.
      const frame = (await page.locator('.offer-media .slider__viewport').boundingBox())!;
      await expect
        .poll(async () => {
          const current = await page.locator('.offer-media .slider__slide--current').boundingBox();
          return Math.round(Math.abs(current!.x - frame.x));
        })
        .toBeLessThan(2);
      await snap(page, lang, 'offer-mixed-photos-second');

      // The viewer is a step of the history: Back closes it and stays on the offer.
      await page
        .locator('.offer-media .slider__slide--current')
        .getByRole('button', { name: t.expand_image })
        .click();
      const gallery = page.getByRole('dialog', { name });
      await expect(gallery).toBeVisible();
      await page.goBack();
      await expect(gallery).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/products/product/${id}$`));
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

      // Over the details modal of a list: Back closes the viewer, then the modal.
      await page.goto('/market');
      const card = page.getByRole('article', { name, exact: true });
      await card.locator('a.offer-card__main').click();
      const modal = page.locator('.offer-modal');
      await expect(modal).toBeVisible();
      await modal
        .locator('.slider__slide--current')
        .getByRole('button', { name: t.expand_image })
        .click();
      await expect(gallery).toBeVisible();
      await page.goBack();
      await expect(gallery).toBeHidden();
      await expect(modal).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/products/product/${id}$`));
      await page.goBack();
      await expect(page).toHaveURL(/\/market$/);
      await expect(modal).toHaveCount(0);
    });

    test('a demand without a photo has a compact card and page', async ({
      page,
      baseURL,
    }, info) => {
      const { lang } = testLanguage(info, 60_000);
      const buyer = await newPerson(baseURL!, lang, 'Ely', 'Ould Mohamed');
      const name = lang === 'ar' ? `أبحث عن هاتف ${Date.now()}` : `Cherche téléphone ${Date.now()}`;
      const { product } = await buyer.call<{ product: { id: number } }>(
        'POST',
        '/products/create/demand',
        {
          name,
          price: 8000,
          offer_type: 'buy',
          psubcategory_id: await subcategoryId(buyer, 'multimedia', 'phones'),
        },
      );

      await page.goto('/market?type=demand');
      const card = page.getByRole('article', { name, exact: true });
      await expect(card).toBeVisible();
      await expect(card.locator('.offer-card__media--none')).toBeVisible();
      await expect(card.locator('.offer-card__no-image')).toHaveCount(0);
      // No 4:3 box: the kind's line alone, above the name.
      const box = (await card.locator('.offer-card__media').boundingBox())!;
      expect(box.height).toBeLessThan(40);
      await snap(page, lang, 'demand-card-compact');

      await page.goto(`/products/product/${product.id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.locator('.offer-media')).toHaveCount(0);
      await snap(page, lang, 'demand-page-no-photo');
      // The demo data stays as the other specs count it (the market's 15 demands).
      await buyer.call('DELETE', `/products/${product.id}`);
    });
  });
}
