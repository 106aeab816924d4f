import { describe, expect, it } from 'vitest';
import { PRIVATE, STYLESHEET, changesSession } from './caches';

// The worker drops what one user saw (pages, JSON) when the signed-in person may change
// (docs/offline.md "Across users"). A password reset signs the device in as the account's owner
// (issue 29 item 12), so it counts like a sign-in.
describe('changesSession', () => {
  it('drops the user caches on the POST of sign-in, sign-up, sign-out and password reset', () => {
    for (const path of ['/login', '/register', '/logout', '/password/reset']) {
      expect(changesSession('POST', path), path).toBe(true);
    }
  });

  it('keeps them when a form is only opened, or a code only asked for', () => {
    for (const path of ['/login', '/register', '/password/reset', '/password/forgot']) {
      expect(changesSession('GET', path), path).toBe(false);
    }
    expect(changesSession('POST', '/password/forgot')).toBe(false);
    expect(changesSession('POST', '/products/add')).toBe(false);
  });

  it('drops them on a language change (a GET)', () => {
    expect(changesSession('GET', '/localisation/fr')).toBe(true);
  });
});

describe('PRIVATE', () => {
  it('never caches the reset and forgot-password forms (they carry the login)', () => {
    expect(PRIVATE.test('/password/reset')).toBe(true);
    expect(PRIVATE.test('/password/forgot')).toBe(true);
    expect(PRIVATE.test('/passwords-are-fun')).toBe(false);
  });
});

describe('STYLESHEET', () => {
  it("keeps a first visit's stylesheets, its page's combined one too, and nothing else", () => {
    expect(STYLESHEET.test('/assets/app-BWJ1k6tQ.css')).toBe(true);
    expect(STYLESHEET.test('/assets/views/e00cfa1b84a7aa04.css')).toBe(true);
    expect(STYLESHEET.test('/assets/base-Qsi1Bw47.js')).toBe(false);
    expect(STYLESHEET.test('/media/a.css')).toBe(false);
    expect(STYLESHEET.test('/assets/../admin.css')).toBe(false);
  });
});
