import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNREAD_POLL_MS } from '../../../shared/constants';
import type { Notification } from '../../../shared/schemas/notifications';
import { NotificationBell } from '../../app/layout/notification-bell';
import { renderWithApp } from '../../test/render';
import { aUser, fakeServer, type Handler } from '../../test/render-app';
import { Component as NotificationsPage } from './notifications-page';

configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const signedIn = { 'GET /users/me': () => ({ status: 200, body: { user: aUser() } }) };
const anonymous = { 'GET /users/me': () => ({ status: 200, body: { user: null } }) };
const COUNT = '/notifications/unreadnotifications/count';

describe('the bell', () => {
  it('polls the unread count every 5 minutes and again when the window regains focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 3;
    const { calls } = fakeServer({
      ...signedIn,
      [`GET ${COUNT}`]: () => ({ status: 200, body: { count: count++ } }),
    });
    renderWithApp(<NotificationBell />);
    const asked = () => calls.filter((call) => call.url === COUNT).length;
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAccessibleName(
      'Notifications (3 notifications non lues)',
    );
    expect(asked()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS - 10_000));
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(asked()).toBe(2);

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('5')).toBeInTheDocument();
    expect(asked()).toBe(3);
  });

  it('asks nothing for a visitor', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = fakeServer(anonymous);
    renderWithApp(<NotificationBell />);
    await waitFor(() => expect(calls.some((call) => call.url === '/users/me')).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2));
    window.dispatchEvent(new Event('focus'));
    expect(calls.some((call) => call.url === COUNT)).toBe(false);
  });

  it('shows no badge at zero and 99+ above 99', async () => {
    let count = 0;
    fakeServer({ ...signedIn, [`GET ${COUNT}`]: () => ({ status: 200, body: { count } }) });
    const { queryClient } = renderWithApp(<NotificationBell />);
    const link = await screen.findByRole('link', { name: 'Notifications' });
    await waitFor(() =>
      expect(queryClient.getQueryData(['notifications', 'unread-count'])).toBe(0),
    );
    expect(link.querySelector('.header-bell__badge')).toBeNull();
    count = 150;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('99+')).toBeInTheDocument();
  });
});

function aNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'commented',
    read_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    data: {
      user_id: 3,
      user_first_name: 'Brahim',
      user_last_name: `N${id}`,
      user_photo: null,
      commentable_type: 'product',
      commentable_id: 5,
      reactionable_type: null,
      reactionable_id: null,
      reaction: null,
      product_id: 5,
      type: 'offer',
      product_name: 'Toyota Hilux 2016',
      product_name_ar: null,
      product_name_fr: null,
      comment_id: 100 + id,
      command_id: null,
      search_id: null,
      search_name: null,
      count: null,
      shop_id: null,
      shop_name: null,
      stars: null,
    },
    ...overrides,
  };
}

function pageOf(items: Notification[], page = 1, lastPage = 1): Handler {
  return () => ({
    status: 200,
    body: {
      notifications: {
        current_page: page,
        last_page: lastPage,
        per_page: 20,
        total: items.length + (lastPage - 1) * 20,
        to: items.length ? (page - 1) * 20 + items.length : null,
        data: items,
      },
    },
  });
}

describe('the notification list page', () => {
  it('asks a visitor to sign in, and asks the server nothing', async () => {
    const { calls } = fakeServer(anonymous);
    renderWithApp(<NotificationsPage />, { path: '/notifications/home' });
    expect(await screen.findByText('Connectez-vous pour voir vos notifications')).toBeVisible();
    expect(calls.some((call) => call.url.startsWith('/notifications'))).toBe(false);
  });

  it('shows the page of the filter and page in the address, with pagination', async () => {
    const { calls } = fakeServer({
      ...signedIn,
      [`GET ${COUNT}`]: () => ({ status: 200, body: { count: 2 } }),
      'POST /notifications/paginate': pageOf([aNotification(1)], 1, 3),
    });
    renderWithApp(<NotificationsPage />, { path: '/notifications/home?type=commands&page=1' });
    // The sentence names the offer (issue 20).
    const item = await screen.findByRole('link', {
      name: /Brahim N1 a commenté votre offre «\u00a0Toyota Hilux 2016\u00a0»/,
    });
    expect(item).toHaveAttribute('href', '/comments/comment/101/1');
    expect(calls.find((call) => call.url === '/notifications/paginate')?.body).toEqual({
      type: 'commands',
      page: 1,
    });
    expect(screen.getByRole('link', { name: 'Commandes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Toutes' })).toHaveAttribute(
      'href',
      '/notifications/home',
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/notifications/home?type=commands&page=2',
    );
    expect(screen.getByText('2 notifications non lues')).toBeInTheDocument();
    // Not the last page: not everything is shown yet.
    expect(screen.queryByText('Toutes les notifications sont affichées')).toBeNull();
  });

  it('marks one read, deletes one and marks all read within the filter, then asks again', async () => {
    let items = [aNotification(1), aNotification(2), aNotification(3)];
    const { calls } = fakeServer({
      ...signedIn,
      [`GET ${COUNT}`]: () => ({
        status: 200,
        body: { count: items.filter((n) => !n.read_at).length },
      }),
      'POST /notifications/paginate': () => pageOf(items)(undefined, {}),
      'GET /notifications/notification/markasread/1': () => {
        items = items.map((n) => (n.id === 1 ? { ...n, read_at: '2026-03-01T11:00:00.000Z' } : n));
        return { status: 200, body: { notification: items[0] } };
      },
      'PUT /notifications/notification/2': () => {
        items = items.filter((n) => n.id !== 2);
        return { status: 204 };
      },
      'POST /notifications/all/markallasread/': () => {
        items = items.map((n) => ({ ...n, read_at: n.read_at ?? '2026-03-01T11:00:00.000Z' }));
        return { status: 200, body: { count: 1 } };
      },
    });
    renderWithApp(<NotificationsPage />, { path: '/notifications/home?type=comments' });
    expect(await screen.findByText('Toutes les notifications sont affichées')).toBeVisible();
    const rows = () => Array.from(document.querySelectorAll<HTMLElement>('.notification'));
    expect(rows()).toHaveLength(3);

    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Marquer comme lu' }));
    await waitFor(() => expect(rows()[0]).not.toHaveClass('notification--unread'));
    expect(screen.getByText('2 notifications non lues')).toBeInTheDocument();

    await userEvent.click(
      within(rows()[1]).getByRole('button', { name: 'Supprimer la notification' }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('1 notification non lue')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    expect(calls.find((call) => call.url === '/notifications/all/markallasread/')?.body).toEqual({
      type: 'comments',
    });
    expect(await screen.findByText('Tout est lu')).toBeInTheDocument();
    expect(document.querySelector('.notification--unread')).toBeNull();
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  });

  it('says when there is nothing, in Arabic too', async () => {
    fakeServer({
      ...signedIn,
      [`GET ${COUNT}`]: () => ({ status: 200, body: { count: 0 } }),
      'POST /notifications/paginate': pageOf([]),
    });
    renderWithApp(<NotificationsPage />, { path: '/notifications/home', language: 'ar' });
    expect(await screen.findByText('لا توجد إشعارات')).toBeVisible();
  });

  it('counts unread notifications with Arabic plurals', async () => {
    for (const [count, text] of [
      [1, 'إشعار واحد غير مقروء'],
      [2, 'إشعاران غير مقروءين'],
      [5, '5 إشعارات غير مقروءة'],
      [11, '11 إشعارًا غير مقروء'],
      [100, '100 إشعار غير مقروء'],
    ] as const) {
      fakeServer({
        ...signedIn,
        [`GET ${COUNT}`]: () => ({ status: 200, body: { count } }),
        'POST /notifications/paginate': pageOf([aNotification(1)]),
      });
      const { unmount } = renderWithApp(<NotificationsPage />, {
        path: '/notifications/home',
        language: 'ar',
      });
      expect(await screen.findByText(text)).toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
