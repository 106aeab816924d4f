import type autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../server/db/seed';

// The visitors `npm run bench` asks pages as: a visitor not signed in, the demo seed's plain user,
// and accounts of its own made through the API (POST /register, as a person signs up), each with
// their own session and marks, to read many offers (first loads among them).

// What the web app's fetches send (Chromium adds accept-encoding to every request).
export const json = {
  accept: 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  'accept-encoding': 'gzip, deflate, br, zstd',
};
/** What Chromium sends when it opens a page. */
export const page = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'ar,fr;q=0.8',
};

interface Cookies {
  cookie: string;
  xsrf: string;
}

/** The cookies an answer sets (name=value), over `before`'s of other names. */
function cookiesOf(res: Response, before = ''): Cookies {
  const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const names = new Set(set.map((c) => c.split('=')[0]));
  const kept = before ? before.split('; ').filter((c) => !names.has(c.split('=')[0])) : [];
  const all = [...kept, ...set];
  const xsrf = all.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  return { cookie: all.join('; '), xsrf: xsrf ?? '' };
}

/** The cookies a first page view gives (sid, XSRF-TOKEN), as the web app then sends them. */
export async function visitorCookies(base: string): Promise<Cookies> {
  return cookiesOf(await fetch(`${base}/`, { headers: { accept: 'text/html' } }));
}

/** POSTs `body` as JSON as the web app does, with `from`'s cookies and token. */
function post(base: string, path: string, from: Cookies, body: object) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...json,
      'content-type': 'application/json',
      cookie: from.cookie,
      'x-xsrf-token': from.xsrf,
    },
    body: JSON.stringify(body),
  });
}

/** A demo account's session cookies (the demo seed's plain user), as a signed-in browser sends them. */
export async function signedInCookies(base: string): Promise<string> {
  const visitor = await visitorCookies(base);
  const res = await post(base, '/login', visitor, { login: '22000002', password: DEMO_PASSWORD });
  if (!res.ok) throw new Error(`bench: the demo sign-in answered ${res.status}`);
  return cookiesOf(res).cookie;
}

/**
 * `count` accounts of the bench's own (phones 2299 0000…), signed up through the API, or signed
 * in when a data dir kept from an earlier run has them; each saves `saves` of `offers` (marks on
 * the pages, as the demo users have). Sign-up and sign-in allow 30 a minute from one address
 * (auth.routes.ts): `count` stays under it.
 */
export async function benchAccounts(base: string, count: number, offers: number[], saves = 2) {
  if (count > 28) throw new Error('bench: at most 28 accounts (sign-up: 30 a minute an address)');
  const accounts: string[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `2299${String(i).padStart(4, '0')}`;
    const visitor = await visitorCookies(base);
    let res = await post(base, '/register', visitor, {
      first_name: 'Bench',
      last_name: `Visitor ${i + 1}`,
      phone_1: phone,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
    });
    if (res.status === 422) {
      res = await post(base, '/login', visitor, { login: phone, password: DEMO_PASSWORD });
    }
    if (!res.ok) throw new Error(`bench: signing up account ${phone} answered ${res.status}`);
    const signedIn = cookiesOf(res, visitor.cookie);
    for (let s = 0; s < saves; s++) {
      const id = offers[(i * saves + s) % offers.length];
      const saved = await fetch(`${base}/products/favorite/add/${id}`, {
        headers: { ...json, cookie: signedIn.cookie, 'x-xsrf-token': signedIn.xsrf },
      });
      if (!saved.ok) throw new Error(`bench: saving offer ${id} answered ${saved.status}`);
    }
    accounts.push(signedIn.cookie);
  }
  return accounts;
}

/** The ids of the first `count` offers a search of everything lists. */
export async function offerIds(base: string, count: number): Promise<number[]> {
  const visitor = await visitorCookies(base);
  const res = await post(base, '/products/all/0/search', visitor, { page_size: count });
  if (!res.ok) throw new Error(`bench: listing offers answered ${res.status}`);
  const { products } = (await res.json()) as { products: { data: { id: number }[] } };
  if (products.data.length < count) {
    throw new Error(`bench: ${products.data.length} offers listed, ${count} wanted`);
  }
  return products.data.slice(0, count).map((p) => p.id);
}

/**
 * Every (account, offer) pair's offer page in turn, across all connections (the account changing
 * first): each account's page of an offer comes back after all the others, so the loads that
 * find no page kept for that visitor (the first, and any after a write or 30 s) are a share of
 * the requests, not only the first second's.
 */
export function variedVisits(
  base: string,
  accounts: string[],
  offers: number[],
): autocannon.Options {
  let next = 0;
  const pairs = accounts.length * offers.length;
  return {
    url: base,
    requests: [
      {
        setupRequest: (request) => {
          const at = next++ % pairs;
          const cookie = accounts[at % accounts.length];
          const offer = offers[Math.floor(at / accounts.length)];
          return {
            ...request,
            path: `/products/product/${offer}`,
            headers: { ...page, cookie },
          };
        },
      },
    ],
  };
}
