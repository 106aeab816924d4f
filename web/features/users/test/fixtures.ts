import { configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { PublicProfile } from '../../../../shared/schemas/users';
import type { aUser, Handler } from '../../../test/render-app';

// Shared by the users suites (user page, profile form, my shops): their set-up and the answers
// of the users API.

/**
 * Call at the top of a users suite with the import of the page it opens first. `stubs.assign` is
 * the current test's stand-in for `location.assign` (a full page load).
 */
export function setUpUsersTests(page: () => Promise<unknown>) {
  // Pages load lazily, which takes a while on a busy machine: the suite's page loads once, before
  // the first test's clock starts (each suite is a file of its own since the split).
  beforeAll(page);
  configure({ asyncUtilTimeout: 5000 });

  const stubs = { assign: vi.fn() };
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    stubs.assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: stubs.assign });
  });
  afterEach(() => vi.unstubAllGlobals());
  return stubs;
}

export function aPublicUser(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 20,
    first_name: 'Mohamed',
    last_name: 'Ould Ahmed',
    phone_1: '22334455',
    phone_2: '36112233',
    whatsapp_number: '22334455',
    photo: null,
    photo_url: null,
    photo_small_url: null,
    cover: null,
    cover_url: null,
    cover_small_url: null,
    more_infos: 'Vendeur de pièces auto.\nOuvert le samedi.',
    role: 'user',
    created_at: '2025-06-01T12:00:00.000Z',
    shops: [],
    phone_verified_at: null,
    rating_average: null,
    rating_count: 0,
    ...overrides,
  };
}

export const aUserShop = (id: number, name: string, is_professional: boolean) => ({
  id,
  name,
  logo: null,
  logo_url: null,
  logo_small_url: null,
  is_professional,
  pivot: { role: 'owner' as const },
});

export const viewer = (user: ReturnType<typeof aUser> | null): Record<string, Handler> => ({
  'GET /users/me': () => ({ status: 200, body: { user } }),
});
export const userAnswer = (user = aPublicUser()): Record<string, Handler> => ({
  [`GET /users/user/${user.id}`]: () => ({ status: 200, body: { user } }),
});
