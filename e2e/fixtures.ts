import { test as base, type Page } from '@playwright/test';

// Pages come rendered from the server (DESIGN §11) and the web app then hydrates them: a click on
// a server-rendered button before that does nothing (and a form would be sent by the browser
// itself). Every page load a test makes through goto/reload/back/forward waits until the app runs
// (`<html data-app-ready>`, web/app/layout/shell.tsx), on the test's page and on the pages of contexts a
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

const LOADS = ['goto', 'reload', 'goBack', 'goForward'] as const;
/** Pages made to wait, with their own methods. */
const patched = new WeakMap<Page, Record<string, unknown>>();

/** Makes the page's loads wait for the app (once per page). */
function waitForAppOnLoads(page: Page) {
  if (patched.has(page)) return;
  const originals: Record<string, unknown> = {};
  patched.set(page, originals);
  for (const method of LOADS) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    originals[method] = page[method];
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      await appReady(page);
      return response;
    };
  }
}

/** A page with JavaScript off: its loads do not wait (nothing will run). */
function loadsAsTheyAre(page: Page) {
  const originals = patched.get(page);
  if (originals) Object.assign(page, originals);
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript the server's page is all there is.
    if (javaScriptEnabled === false) loadsAsTheyAre(page);
    else waitForAppOnLoads(page);
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
