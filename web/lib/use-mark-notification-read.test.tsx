import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../app/layout/notification-bell';
import { renderWithApp } from '../test/render';
import { aUser, fakeServer } from '../test/render-app';
import { notificationIdOf, useMarkNotificationRead } from './use-mark-notification-read';

configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

function Page({ id }: { id?: string }) {
  useMarkNotificationRead(id);
  return <NotificationBell />;
}

describe('useMarkNotificationRead', () => {
  it('marks the page’s notification read once, then the bell drops', async () => {
    let unread = 1;
    const { calls } = fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: aUser() } }),
      'GET /notifications/unreadnotifications/count': () => ({
        status: 200,
        body: { count: unread },
      }),
      'GET /notifications/notification/markasread/12': () => {
        unread = 0;
        return { status: 200, body: {} };
      },
    });
    const { rerender } = renderWithApp(<Page id="12" />);
    await waitFor(() =>
      expect(screen.getByRole('link').querySelector('.header-bell__badge')).toBeNull(),
    );
    rerender(<Page id="12" />);
    expect(calls.filter((call) => call.url.includes('markasread'))).toHaveLength(1);
    expect(calls.find((call) => call.url.includes('markasread'))?.headers['X-XSRF-TOKEN']).toBe(
      'xsrf-value',
    );
  });

  it('does nothing for a visitor (a 401 would send them home) or without an id', async () => {
    const { calls } = fakeServer({
      'GET /users/me': () => ({ status: 200, body: { user: null } }),
    });
    renderWithApp(<Page id="12" />);
    await waitFor(() => expect(calls.some((call) => call.url === '/users/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.url.includes('markasread'))).toBe(false);
  });

  it('reads only positive integer ids', () => {
    expect(notificationIdOf('12')).toBe(12);
    expect(notificationIdOf(7)).toBe(7);
    for (const bad of [undefined, null, '', '0', '-3', '1.5', 'abc']) {
      expect(notificationIdOf(bad)).toBeNull();
    }
  });
});
