import { test as base, type Page } from '@playwright/test';

// Pages come rendered from the server (DESIGN §11) and the web app then hydrates them: a click on
// a server-rendered button before that does nothing (and a form would be sent by the browser
// itself). Every page load a test makes through goto/reload/back/forward waits until the app runs
// (`<html data-app-ready>`, web/app/app.tsx), on the test's page and on the pages of contexts a
// test opens itself; addresses that are not app pages (no #root) do not wait.

export * from '@playwright/test';

/** Waits until the page on screen is the running app (or is not an app page). */
export async function appReady(page: Page) {
  await page.waitForFunction(
    () =>
      !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
    undefined,
    { timeout: 20_000 },
  );
}

const patched = new WeakSet<Page>();

/** Makes the page's loads wait for the app (once per page). */
function waitForAppOnLoads(page: Page) {
  if (patched.has(page)) return;
  patched.add(page);
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      await appReady(page);
      return response;
    };
  }
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript the server's page is all there is.
    if (javaScriptEnabled !== false) waitForAppOnLoads(page);
    await use(page);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on('page', waitForAppOnLoads);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
