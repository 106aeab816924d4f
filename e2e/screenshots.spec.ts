import { expect, test, type Page } from './fixtures';
import {
  LAYOUT_VIEWPORTS,
  randomPhone,
  signUp,
  snap,
  testLanguage,
  type Language,
} from './helpers';

// A screenshot of every screen of the shell, from a small phone to a desktop, in the project's
// language (test-results/screenshots/, not committed), looked at by a person before calling a
// change done. Each screen is also checked by machine before its picture is taken (issue 33
// item 8): the page does not scroll sideways, no element sticks out of the viewport (snap), no
// text runs out of its box, and user text carries the direction of its own script.

/** The widths issue 33 item 8 names; LAYOUT_VIEWPORTS also has a tablet on its side. */
const WIDTHS = [320, 360, 768, 1024, 1280];
const SIZES = LAYOUT_VIEWPORTS.filter((viewport) => WIDTHS.includes(viewport.width));

/** Laid out past their box on purpose: scrolled strips, the map, text for screen readers only. */
const LEFT_OUT =
  '.scroller__track, .slider__track, .photo-gallery__strip, .visually-hidden, .skip-link, .leaflet-container, svg, script, style, noscript, select, option, textarea';

/** How far the page scrolls sideways (0 when it fits). */
async function sideScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Text that runs out sideways of the block it is laid out in (a long word that does not wrap, a
 * label wider than its button). Cut with an ellipsis or inside a sideways scroller is meant.
 * Only sideways: glyphs of Arabic fonts reach above and below a tight line-height by design.
 */
function textOverflows(page: Page): Promise<string[]> {
  return page.evaluate((leftOut) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(leftOut)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (!rects.length) continue;
      // The box the text is laid out in: its nearest ancestor that is not inline.
      let box: Element = parent;
      let meant = false;
      for (;;) {
        const style = getComputedStyle(box);
        if (style.overflowX !== 'visible' && style.textOverflow === 'ellipsis') meant = true;
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') meant = true;
        // Clipped to nothing: a label for screen readers only (the visually-hidden pattern).
        if (style.clipPath !== 'none' && box.getBoundingClientRect().width <= 1) meant = true;
        if (!style.display.startsWith('inline') && style.display !== 'contents') break;
        if (!box.parentElement) break;
        box = box.parentElement;
      }
      if (meant) continue;
      const edge = box.getBoundingClientRect();
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      if (left < edge.left - 1 || right > edge.right + 1) {
        found.push(
          `"${text.slice(0, 40)}" in ${box.tagName.toLowerCase()}.${box.className} ` +
            `(${Math.round(left)}–${Math.round(right)} in ${Math.round(edge.left)}–${Math.round(edge.right)})`,
        );
      }
    }
    return found;
  }, LEFT_OUT);
}

/**
 * User text (names, offer titles, descriptions) is rendered with `dir` from its first letter
 * (UserText, shared/domain/text-direction.ts): an element that sets `ltr` or `rtl` on text with
 * a letter must set the direction of that letter's script, whatever the page's language. How many
 * were checked, and the wrong ones.
 */
function userTextDirections(page: Page): Promise<{ checked: number; wrong: string[] }> {
  return page.evaluate(() => {
    const rightToLeft =
      /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
    const letter = /\p{L}/u;
    const directionOf = (text: string) => {
      for (const character of text) {
        if (letter.test(character)) return rightToLeft.test(character) ? 'rtl' : 'ltr';
      }
      return null;
    };
    const result = { checked: 0, wrong: [] as string[] };
    // Elements that set a direction on their own text (not a strip laid out in one direction).
    for (const element of document.body.querySelectorAll('[dir=ltr], [dir=rtl]')) {
      if (element.children.length > 0 || element.matches('input, textarea, select')) continue;
      const expected = directionOf(element.textContent ?? '');
      if (!expected) continue;
      result.checked += 1;
      if (element.getAttribute('dir') !== expected) {
        result.wrong.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 40)}"`,
        );
      }
    }
    return result;
  });
}

/** The machine's checks, then the picture for people. */
async function look(page: Page, lang: Language, name: string): Promise<number> {
  expect(await sideScroll(page), `${name} scrolls sideways`).toBe(0);
  expect(await textOverflows(page), `${name}: text outside its box`).toEqual([]);
  const { checked, wrong } = await userTextDirections(page);
  expect(wrong, `${name}: user text in the wrong direction`).toEqual([]);
  // snap also finds any element sticking out of the viewport (expectNoSidewaysOverflow).
  await snap(page, lang, name);
  return checked;
}

// The checks can fail: a page with each fault planted.
test('the layout checks find planted faults', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.setContent(`
    <body style="margin: 0">
      <div style="inline-size: 100px"><span>NouakchottNouadhibouRossoKiffaAtar</span></div>
      <p style="inline-size: 60px; white-space: nowrap">Toyota Land Cruiser</p>
      <p style="inline-size: 60px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">
        Cut on purpose with an ellipsis
      </p>
      <bdi dir="ltr">تويوتا لاند كروزر V8</bdi>
      <bdi dir="rtl">تويوتا</bdi>
      <div style="inline-size: 400px">wide</div>
    </body>`);
  expect(await sideScroll(page)).toBeGreaterThan(0);
  const overflows = await textOverflows(page);
  expect(overflows).toHaveLength(2);
  expect(overflows[0]).toContain('Nouakchott');
  expect(overflows[1]).toContain('Toyota Land Cruiser');
  expect(await userTextDirections(page)).toEqual({
    checked: 2,
    wrong: ['bdi "تويوتا لاند كروزر V8"'],
  });
});

for (const viewport of SIZES) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('screens of a visitor', async ({ page }, info) => {
      const { lang, t } = testLanguage(info, 60_000);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('a[href^="/products/product/"]').first()).toBeVisible();
      // The demo offers' titles, shop and people's names are user text: the check has work.
      expect(await look(page, lang, 'home')).toBeGreaterThan(0);
      await page.evaluate(() =>
        window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
      );
      await page.waitForFunction(() => window.scrollY > 0);
      await look(page, lang, 'home-end');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));

      // Phones fold sign in and sign up into the menu; wider screens show them in the header.
      if (viewport.width < 768) {
        await page.getByRole('button', { name: t.user_menu }).click();
        await expect(page.locator('.user-menu__panel')).toBeVisible();
        await look(page, lang, 'menu-guest');
        await page.keyboard.press('Escape');
      }

      await page.goto('/register');
      await page.locator('input[name=phone_1]').fill('123');
      await page.locator('input[name=password]').fill('short');
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      await look(page, lang, 'sign-up-errors');

      await page.goto('/login');
      // The form's own check (no password), not a wrong one: a wrong password at each of the five
      // widths would count as failures of the demo account from this address and lock it out of
      // the specs that sign in with it (issue 14's throttle).
      await page.locator('input[name=login]').fill('22000002');
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      await look(page, lang, 'sign-in-error');

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.not_found_title);
      await look(page, lang, 'not-found');
    });

    test('screens of a signed-in user', async ({ page }, info) => {
      const { lang, t } = testLanguage(info, 60_000);
      await signUp(page, randomPhone());
      await page.getByRole('button', { name: t.user_menu }).click();
      await expect(page.locator('.user-menu__panel')).toBeVisible();
      // signUp's name is French: left to right in both interfaces.
      await expect(page.locator('.user-menu__name')).toHaveText('Mariem Mint Ahmed');
      await expect(page.locator('.user-menu__name')).toHaveAttribute('dir', 'ltr');
      await look(page, lang, 'menu-open');
      await page.keyboard.press('Escape');

      await page.goto('/account/password');
      await page.locator('input[name=old_password]').fill('not-my-password');
      await page.locator('input[name=new_password]').fill('another-password');
      await page.locator('input[name=new_password_confirmation]').fill('another-password');
      await page.locator('form button[type=submit]').click();
      await expect(page.getByText(t.wrong_password)).toBeVisible();
      await look(page, lang, 'password-change');
    });
  });
}
