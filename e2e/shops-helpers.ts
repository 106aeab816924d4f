import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { xsrfToken, type Language } from './helpers';

// Helpers of the shops and users specs: accounts made through the API (their own cookie jar,
// the XSRF header of DESIGN §3), and screenshots at both sizes that accept a map's tiles running
// past the map's edge (Leaflet clips them; the map itself must fit the screen).

const here = path.dirname(fileURLToPath(import.meta.url));

export const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/** A signed-in API client of its own (not the page's cookies). */
export interface ApiUser {
  api: APIRequestContext;
  id: number;
  phone: string;
  send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<unknown>;
}

export async function createAccount(
  baseURL: string,
  phone: string,
  names: { first_name: string; last_name: string },
  password = 'a-good-password',
): Promise<ApiUser> {
  const api = await request.newContext({ baseURL });
  const send = async (method: string, url: string, data?: unknown) => {
    const response = await api.fetch(url, {
      method,
      data: data === undefined ? undefined : (data as Record<string, unknown>),
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'X-XSRF-TOKEN': await xsrfToken(api),
        Accept: 'application/json',
      },
    });
    if (!response.ok()) {
      throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
    }
    return response.status() === 204 ? undefined : response.json();
  };
  await send('GET', '/users/me');
  const { user } = (await send('POST', '/register', {
    ...names,
    phone_1: phone,
    password,
    password_confirmation: password,
  })) as { user: { id: number } };
  return { api, id: user.id, phone, send };
}

/** Nothing sticks out sideways; inside a map, only the map's own box counts (Leaflet clips). */
export async function expectFits(page: Page) {
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          !element.closest('.scroller__track, .visually-hidden, .skip-link') &&
          !element.parentElement?.closest('.leaflet-container'),
      )
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  });
  expect(outside).toEqual([]);
}

/** test-results/screenshots/<lang>-<w>x<h>-<name>.png at the current size. */
export async function shot(page: Page, language: Language, name: string, fullPage = false) {
  const size = page.viewportSize();
  await expectFits(page);
  await page.screenshot({
    path: path.resolve(
      here,
      '../test-results/screenshots',
      `${language}-${size?.width}x${size?.height}-${name}.png`,
    ),
    fullPage,
    animations: 'disabled',
  });
}

interface ShotOptions {
  /** Waits for what must be on screen. */
  ready?: () => Promise<void>;
  /** Scrolled to the top of the screen first (below the sticky header). */
  at?: Locator;
  fullPage?: boolean;
}

/** The same screen at phone and desktop sizes. */
export async function shotBoth(
  page: Page,
  language: Language,
  name: string,
  { ready = async () => {}, at, fullPage = false }: ShotOptions = {},
) {
  const start = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await ready();
    if (at) await at.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    // Let layout (and Leaflet's resize handling) settle.
    await page.waitForTimeout(250);
    await shot(page, language, name, fullPage);
  }
  if (start) await page.setViewportSize(start);
}

/** `text` with its {{values}} filled in, as i18next would. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** The id of a subcategory of the seeded catalogue, by the names of its category and itself. */
export async function catalogueSubcategory(user: ApiUser, category: string, name: string) {
  const { pcategories } = (await user.send('GET', '/pcategories/all')) as {
    pcategories: { id: number; name: string }[];
  };
  const parent = pcategories.find((c) => c.name === category)!;
  const { psubcategories } = (await user.send('GET', `/psubcategories/pcategory/${parent.id}`)) as {
    psubcategories: { id: number; name: string }[];
  };
  return psubcategories.find((s) => s.name === name)!.id;
}
