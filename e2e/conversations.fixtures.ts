import {
  expect,
  request,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { randomPhone, snap, xsrfToken, type Language } from './helpers';

// Set-up through the API for the conversations and notifications specs: people, an offer, and
// what others do on it, so that each browser session starts where its screen is.

export interface Person {
  id: number;
  name: string;
  api: APIRequestContext;
  /** A JSON call with the XSRF header of this person's session. */
  call: <T = Record<string, unknown>>(method: string, url: string, body?: unknown) => Promise<T>;
}

/** A new account, signed in on its own API context, speaking the spec's language. */
export async function newPerson(
  baseURL: string,
  language: Language,
  first: string,
  last: string,
): Promise<Person> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  await api.get('/users/me');
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await api.fetch(url, {
      method,
      data: body === undefined ? undefined : body,
      headers: { 'X-XSRF-TOKEN': await xsrfToken(api) },
    });
    const text = await response.text();
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const password = 'a-good-password';
  const { user } = await call<{ user: { id: number } }>('POST', '/register', {
    first_name: first,
    last_name: last,
    phone_1: randomPhone(),
    password,
    password_confirmation: password,
    language,
  });
  return { id: user.id, name: `${first} ${last}`, api, call };
}

/** The id of a subcategory of the seeded catalogue, by the names of its category and itself. */
export async function subcategoryId(person: Person, category: string, name: string) {
  const { pcategories } = await person.call<{ pcategories: { id: number; name: string }[] }>(
    'GET',
    '/pcategories/all',
  );
  const categoryId = pcategories.find((c) => c.name === category)!.id;
  const { psubcategories } = await person.call<{
    psubcategories: { id: number; name: string }[];
  }>('GET', `/psubcategories/pcategory/${categoryId}`);
  return psubcategories.find((s) => s.name === name)!.id;
}

/** A countable, priceable, negotiable offer of phones in the person's own shop. */
export async function newPhoneOffer(person: Person, name: string, number: number, price = 9000) {
  const psubcategory_id = await subcategoryId(person, 'multimedia', 'phones');
  const { product } = await person.call<{ product: { id: number } }>(
    'POST',
    '/products/create/offer',
    { name, price, number, negotiable: 'yes', offer_type: 'sale', psubcategory_id },
  );
  return product.id;
}

export const commentOn = (person: Person, type: string, id: number, text: string) =>
  person
    .call<{ comment: { id: number } }>('POST', `/comments/create/${type}/${id}`, { text })
    .then((body) => body.comment.id);

export const commandOn = (person: Person, productId: number, body: Record<string, unknown>) =>
  person
    .call<{
      command: { id: number };
    }>('POST', `/commands/create/product/${productId}`, body)
    .then((answer) => answer.command.id);

/** A browser page signed in as the person (their session cookie), in the spec's language. */
export async function pageOf(browser: Browser, person: Person, language: Language) {
  const context = await browser.newContext({
    storageState: await person.api.storageState(),
    locale: language === 'ar' ? 'ar' : 'fr-FR',
    viewport: { width: 360, height: 740 },
  });
  return context.newPage();
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The screen as it is, at phone and desktop sizes (test-results/screenshots/), then back to the
 * phone size the flows run at.
 */
export async function snapBoth(page: Page, language: Language, name: string, focus?: Locator) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // Let the layout settle at the new width (media queries, scrollers measuring themselves).
    await page.waitForTimeout(150);
    if (focus) await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await snap(page, language, name);
  }
  await page.setViewportSize(PHONE);
}

/** The bell's badge (the unread count), absent when nothing is unread. */
export async function expectBell(page: Page, count: number) {
  const badge = page.locator('.header-bell__badge');
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(count));
}
