import { expect, test, type Page } from './fixtures';
import { testLanguage } from './helpers';
import { commandOn, commentOn, newPerson, newPhoneOffer, pageOf } from './conversations.fixtures';

// Issue 35 item 13: the browser takes over every server-rendered page without one recoverable
// error (React #418: the HTML did not match, that part rendered again). web/main.tsx says each one
// in the console; here every page is loaded signed out and signed in, with unread notifications
// (the bell and the notifications page's count), on a CPU slowed four times so that the shell's
// own requests come back while the page is still hydrating (the race behind the 1-in-33 #418).

/** Records what the browser says went wrong while pages hydrate. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /recoverable|hydrat|#41[89]|#42[35]/i.test(message.text())) {
      problems.push(`${page.url()}: ${message.text()}`);
    }
  });
  return problems;
}

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 2 });
}

async function visit(page: Page, urls: string[]) {
  for (const url of urls) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBeLessThan(500);
    // The page has hydrated (the fixture waits for it); parts of it hydrating later have time too.
    // (Not 'networkidle': a signed-in page keeps its notification stream open.)
    await page.waitForTimeout(400);
  }
}

test('every page a visitor reaches hydrates without a recoverable error', async ({
  page,
}, info) => {
  testLanguage(info, 180_000);
  const problems = watch(page);
  await slowCpu(page);
  await page.goto('/market');
  const offer = await page.locator('a.offer-card__main').first().getAttribute('href');
  const shop = await page.locator('a[href^="/shops/shop/"]').first().getAttribute('href');
  await visit(page, [
    '/',
    '/?tab=shops',
    '/search?name=Toyota',
    offer!,
    shop!,
    '/login',
    '/register',
    '/password/forgot',
    '/password/reset',
    '/no/such/page',
  ]);
  expect(problems).toEqual([]);
});

test('every page of a signed-in user with unread notifications hydrates without a recoverable error', async ({
  browser,
  baseURL,
}, info) => {
  const { lang } = testLanguage(info, 240_000);
  const seller = await newPerson(baseURL!, lang, 'Aicha', 'Mint Sidi');
  const buyer = await newPerson(baseURL!, lang, 'Cheikh', 'Ould Ahmed');
  const offerId = await newPhoneOffer(seller, 'Tecno Spark 20', 4);
  const commentId = await commentOn(buyer, 'product', offerId, 'Toujours disponible ?');
  const commandId = await commandOn(buyer, offerId, { number: 1, price: 8500, text: 'Ce soir' });
  const { product } = await seller.call<{ product: { shop_id: number } }>(
    'GET',
    `/products/product/${offerId}`,
  );

  const signedIn = await pageOf(browser, seller, lang);
  const seen = watch(signedIn);
  await slowCpu(signedIn);
  const pages = [
    '/notifications/home',
    '/',
    '/saved',
    `/users/user/${seller.id}`,
    `/products/product/${offerId}`,
    `/shops/shop/${product.shop_id}`,
    `/comments/comment/${commentId}`,
    `/commands/command/${commandId}`,
    '/products/new/offer',
    `/products/edit/${offerId}`,
    '/account/profile',
    '/account/shops',
    '/account/searches',
    '/account/password',
  ];
  // The notifications page three times: its count and list are what raced.
  await visit(signedIn, [...pages, '/notifications/home', '/notifications/home']);
  await expect(signedIn.locator('.notification').first()).toBeVisible();
  expect(seen).toEqual([]);
  await signedIn.context().close();
});

// Lighthouse gave the home page a layout shift of 0.023 once its islands ran: their entry put the
// offline notice's (empty) holder before the hero, which took the page's top padding back.
test('the first views do not move when their scripts start', async ({ page }, info) => {
  testLanguage(info, 60_000);
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((source) => (source.node as Element)?.className ?? '?');
        shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const url of ['/', '/search?name=Toyota']) {
    await page.goto(url);
    await expect(page.locator('main .offer-card').first()).toBeVisible();
    // The islands have run (the fixture waits for the page to be ready); the notice's holder is in.
    await expect(page.locator('main > .islands-notice')).toHaveCount(1);
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
    // None at all: a CI run under load once saw 0.0001 on a card's buttons in French, a card
    // painted half-read; the page now paints once its main part is read (MAIN_READ_TAG).
    expect(shifts, url).toEqual([]);
  }
});

// Started on the frame after the first paint, the scripts were asked for while that frame was
// being drawn, and Lighthouse counted their download and run in the first paint of home and
// search. The boot script (server/plugins/page-boot.ts) now waits for the browser's first
// contentful paint entry.
test('the first views ask for their scripts once they have been painted', async ({
  page,
}, info) => {
  testLanguage(info, 60_000);
  await page.goto('/market');
  const offer = await page.locator('a.offer-card__main').first().getAttribute('href');
  for (const url of ['/', '/search?name=Toyota', offer!]) {
    await page.goto(url);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    expect(paint, url).not.toBeNull();
    expect(scripts.length, url).toBeGreaterThan(0);
    expect(Math.min(...scripts), url).toBeGreaterThanOrEqual(paint!);
  }
});

// A click outside the islands before the app runs is held and given again once it runs (web/
// islands.tsx). The header's bell (an icon and a badge in a link, a part the app hydrates from a
// chunk of its own) was held and given again before that part was the app's: the click was lost
// and the visitor stayed on the page. Its link is now followed by the browser (data-page-link).
test('a tap on the bell before the app runs opens the notifications', async ({
  browser,
  baseURL,
}, info) => {
  const { lang } = testLanguage(info, 90_000);
  const person = await newPerson(baseURL!, lang, 'Khadija', 'Mint Brahim');
  const page = await pageOf(browser, person, lang);
  // The whole app never comes (a signed-in page asks for it once idle): only the browser can
  // follow the link.
  await page.route(/\/assets\/start-[\w-]+\.js$/, () => {});
  for (const part of ['svg', '']) {
    await page.goto('/');
    await page.locator(`.header-bell ${part}`.trim()).click();
    await expect(page).toHaveURL(/\/notifications/);
  }
  await page.context().close();
});
