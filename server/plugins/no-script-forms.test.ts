import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { render } from '../../web/entry-server';
import type { TestClient } from '../test/client';
import { describeEachEngine, nextPhone, registeredPhone, TEST_PASSWORD } from '../test/harness';
import { issueCode } from '../features/users/account-codes';

// Issue 35 item 1: a form sent before the scripts have arrived. The server-rendered sign-in,
// sign-up and password-reset forms post (never GET), with their XSRF token in a hidden field, and
// the server answers them as the app would: signed in and sent on, or the same page again with the
// errors and what was typed (never the password).

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

/** The page as a browser without scripts gets it: its HTML, with the cookies set. */
const open = (client: TestClient, url: string) =>
  client.get(url, { xsrf: false, headers: { accept: 'text/html' } });

/** The hidden token of the first form on a page (what the browser would post). */
function tokenOf(html: string): string {
  const match = /<input type="hidden" name="_xsrf" value="([^"]*)"/.exec(html);
  expect(match, 'the form carries its XSRF token').not.toBeNull();
  return match![1];
}

/** The form's `<form …>` tag, to check how it is sent. */
const formTag = (html: string) => /<form[^>]*class="form"[^>]*>/.exec(html)?.[0] ?? '';

/** Posts fields as a browser's own form submission does: no X-Requested-With, no XSRF header. */
const post = (client: TestClient, url: string, fields: Record<string, string>) =>
  client.request('POST', url, {
    xsrf: false,
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
  });

describeEachEngine(
  'forms posted before the scripts arrive',
  (ctx) => {
    const account = () => registeredPhone(ctx(), 'Aicha');

    it('renders the account forms to post to their own path, with a token', async () => {
      for (const url of ['/login', '/register', '/password/forgot', '/password/reset?login=2']) {
        const html = (await open(ctx().client(), url)).body;
        const tag = formTag(html);
        expect(tag, url).toContain('method="post"');
        expect(tag, url).toContain(`action="${url.split('?')[0]}"`);
        expect(tokenOf(html).length, url).toBeGreaterThan(20);
      }
    });

    it('signs in with the right password and goes on to `next`', async () => {
      const phone = await account();
      const client = ctx().client();
      const html = (await open(client, '/login?next=%2Fsaved')).body;
      const res = await post(client, '/login', {
        _xsrf: tokenOf(html),
        next: '/saved',
        login: phone,
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/saved');
      // The session works as the app's would, on the same client.
      const me = await client.get('/users/me');
      expect(me.json().user.phone_1).toBe(phone);
    });

    it('never sends a visitor to another site after signing in', async () => {
      const phone = await account();
      const client = ctx().client();
      const html = (await open(client, '/login')).body;
      const res = await post(client, '/login', {
        _xsrf: tokenOf(html),
        next: '//evil.example/',
        login: phone,
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    });

    it('shows a wrong password on the same page, with the login kept and the password not', async () => {
      const phone = await account();
      const client = ctx().client();
      const html = (await open(client, '/login')).body;
      const res = await post(client, '/login', {
        _xsrf: tokenOf(html),
        login: phone,
        password: 'not-the-password-77',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(`value="${phone}"`);
      expect(res.body).not.toContain('not-the-password-77');
      expect(res.body).toContain('role="alert"');
      expect(formTag(res.body)).toContain('method="post"');
      // Nobody signed in.
      expect((await client.get('/users/me')).json().user).toBeNull();
    });

    it('refuses a post without the page’s token, and signs nobody in', async () => {
      const phone = await account();
      const client = ctx().client();
      await open(client, '/login');
      for (const token of ['', 'forged-token-forged-token-forged-token-x']) {
        const res = await post(client, '/login', {
          _xsrf: token,
          login: phone,
          password: TEST_PASSWORD,
        });
        expect(res.statusCode).toBe(419);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain(`value="${phone}"`);
      }
      expect((await client.get('/users/me')).json().user).toBeNull();
    });

    it('refuses another visitor’s token (a cross-site form), and one without its session cookie', async () => {
      const phone = await account();
      const attacker = ctx().client();
      const stolen = tokenOf((await open(attacker, '/login')).body);
      const victim = ctx().client();
      await open(victim, '/login');
      const res = await post(victim, '/login', {
        _xsrf: stolen,
        login: phone,
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(419);
      const cookieless = await ctx().app.inject({
        method: 'POST',
        url: '/login',
        headers: FORM,
        payload: new URLSearchParams({
          _xsrf: stolen,
          login: phone,
          password: TEST_PASSWORD,
        }).toString(),
      });
      expect(cookieless.statusCode).toBe(419);
      expect(cookieless.cookies.find((c) => c.name === 'sid')?.value ?? '').not.toBe('');
    });

    it('creates an account from the sign-up form, and shows its errors on the page', async () => {
      const client = ctx().client();
      const html = (await open(client, '/register')).body;
      const phone = nextPhone();
      const bad = await post(client, '/register', {
        _xsrf: tokenOf(html),
        first_name: 'Sidi',
        last_name: 'Ould',
        phone_1: phone,
        email: '',
        password: 'long-enough-pass-1',
        password_confirmation: 'another-pass-22',
        language: 'fr',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toContain('value="Sidi"');
      expect(bad.body).not.toContain('long-enough-pass-1');
      expect(bad.body).toContain('aria-invalid="true"');

      const good = await post(client, '/register', {
        _xsrf: tokenOf(bad.body),
        first_name: 'Sidi',
        last_name: 'Ould',
        phone_1: phone,
        email: '',
        password: 'long-enough-pass-1',
        password_confirmation: 'long-enough-pass-1',
        language: 'fr',
      });
      expect(good.statusCode).toBe(303);
      expect(good.headers.location).toBe('/');
      const me = (await client.get('/users/me')).json().user;
      expect(me.first_name).toBe('Sidi');
      expect(me.language).toBe('fr');
    });

    it('sends a reset code from the forgot form and goes on to the code’s page', async () => {
      const phone = await account();
      const client = ctx().client();
      const html = (await open(client, '/password/forgot')).body;
      const res = await post(client, '/password/forgot', { _xsrf: tokenOf(html), login: phone });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/password/reset?login=${phone}`);
    });

    it('checks the reset code on its own step, before the new password (issue 35 item 15)', async () => {
      const phone = await account();
      const { db } = ctx().app;
      const { id } = await db
        .selectFrom('users')
        .select('id')
        .where('phone_1', '=', phone)
        .executeTakeFirstOrThrow();
      await issueCode(db, ctx().app.appSecret, {
        userId: id,
        purpose: 'reset',
        target: phone,
        code: '246810',
      });
      const client = ctx().client();
      const html = (await open(client, `/password/reset?login=${phone}`)).body;
      const step = { login: phone, step: 'code' };
      const wrong = await post(client, '/password/reset', {
        _xsrf: tokenOf(html),
        ...step,
        code: '135790',
      });
      // Refused on the code's step, with its error and the code as typed.
      expect(wrong.statusCode).toBe(422);
      const codeInput = /<input[^>]*name="code"[^>]*>/.exec(wrong.body)?.[0];
      expect(codeInput).toContain('aria-invalid="true"');
      expect(wrong.body).toContain('value="135790"');
      expect(wrong.body).not.toContain('name="password_confirmation"');
      const right = await post(client, '/password/reset', {
        _xsrf: tokenOf(wrong.body),
        ...step,
        code: '٢٤٦٨١٠',
      });
      // On to the new password's step, no error, the code carried on; nothing reset yet.
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('name="password_confirmation"');
      expect(right.body).not.toContain('aria-invalid="true"');
      const carried = /<input type="hidden" name="code" value="([^"]*)"/.exec(right.body)?.[1];
      expect(carried).toBe('٢٤٦٨١٠');
      const done = await post(client, '/password/reset', {
        _xsrf: tokenOf(right.body),
        login: phone,
        code: carried!,
        step: 'password',
        password: 'brand-new-pass-7',
        password_confirmation: 'brand-new-pass-7',
      });
      expect(done.statusCode).toBe(303);
      expect((await client.get('/users/me')).json().user.phone_1).toBe(phone);
    });

    it('answers a form that only the app can send with its page and a message, doing nothing', async () => {
      const { client } = await ctx().userClient();
      const before = (await client.get('/users/me')).json().user;
      const res = await client.request('POST', '/account/password', {
        xsrf: false,
        headers: FORM,
        payload: 'old_password=x&new_password=y',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('form_needs_script');
      // An API route that takes no forms refuses one the same way, and changes nothing.
      const put = await client.request('POST', '/users/password', {
        xsrf: false,
        headers: FORM,
        payload: `old_password=${TEST_PASSWORD}&new_password=brand-new-pass-9&new_password_confirmation=brand-new-pass-9`,
      });
      expect(put.statusCode).toBe(400);
      expect((await client.get('/users/me')).json().user).toEqual(before);
    });

    it('answers a client that asks for no page (no Accept: text/html) with the API’s 419', async () => {
      const phone = await account();
      const client = ctx().client();
      await open(client, '/login');
      const res = await client.request('POST', '/login', {
        xsrf: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ login: phone, password: TEST_PASSWORD }).toString(),
      });
      expect(res.statusCode).toBe(419);
      expect(res.json()).toEqual({ errors: { global: ['xsrf_token_mismatch'] } });
    });

    it('still answers the app’s own requests as JSON', async () => {
      const phone = await account();
      const client = ctx().client();
      const res = await client.post('/login', { login: phone, password: 'wrong-password-1' });
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().errors).toBeDefined();
    });
  },
  { render },
);

it('writes no secret of a query string to the log', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-log-'));
  const lines: string[] = [];
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'none'), SEED_DEMO: '0' }),
    { logger: { write: (line) => lines.push(line) } },
  );
  try {
    // What an old page's GET form sent: the password in the address.
    await app.inject({ url: '/login?login=22000002&password=hunter2-secret&next=%2F' });
    await app.inject({ url: '/password/reset?login=2&token=link-token-secret' });
    const log = lines.join('\n');
    expect(log).toContain('/login?login=22000002&password=[redacted]');
    expect(log).not.toContain('hunter2-secret');
    expect(log).not.toContain('link-token-secret');
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
