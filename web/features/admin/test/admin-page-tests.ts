import { configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

/** Call at the top of a suite that renders the admin page through the whole app. */
export function setUpAdminPageTests() {
  // The page's chunk loads once, before the first test's clock starts; the whole app renders in
  // each test, which takes more than a second on a busy machine.
  beforeAll(() => import('../admin-page'));
  configure({ asyncUtilTimeout: 5000 });
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());
}
