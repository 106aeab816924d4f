import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { NOTIFICATION_FILTERS, PAGINATION_WINDOW_LISTS } from '../../../shared/constants';
import { EmptyState } from '../../components/empty-state';
import { EndOfList } from '../../components/end-of-list';
import { BellIcon, CheckIcon } from '../../components/icons';
import { Loader } from '../../components/loader';
import { Pagination } from '../../components/pagination';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notificationKeys } from './api/keys';
import { meQuery, useMe } from '../../lib/use-me';
import type { PrefetchContext } from '../../lib/prefetch';
import { deleteNotification } from './api/delete-notification';
import { markAllNotificationsRead, markNotificationRead } from './api/mark-read';
import {
  notificationsPageQuery,
  useNotificationsPage,
  type NotificationFilter,
} from './api/notifications-page';
import { useUnreadCount } from './api/unread-count';
import { NotificationItem } from './components/notification-item';
import './notifications-page.css';

const FILTER_LABELS: Record<NotificationFilter, string> = {
  all: 'filter_all',
  comments: 'filter_comments',
  commands: 'filter_commands',
  reactions: 'filter_reactions',
};

function filterOf(value: string | null): NotificationFilter {
  return (NOTIFICATION_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as NotificationFilter)
    : 'all';
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

const hrefOf = (type: NotificationFilter, page = 1) => {
  const query = new URLSearchParams();
  if (type !== 'all') query.set('type', type);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${paths.notifications}?${search}` : paths.notifications;
};

/**
 * /notifications/home (SPEC §2): the type filter, mark all as read (within the type), each
 * notification with mark as read and delete, pagination, the empty state and the end message.
 */
function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications_title'));
  const [params] = useSearchParams();
  const type = filterOf(params.get('type'));
  const page = pageOf(params.get('page'));
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const query = useNotificationsPage(type, page, !!me);
  const unread = useUnreadCount();
  const [busy, setBusy] = useState<number[]>([]);
  const [markingAll, setMarkingAll] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const act = async (id: number, action: (id: number) => Promise<unknown>) => {
    setBusy((list) => [...list, id]);
    try {
      await action(id);
      await refresh();
    } catch {
      // Nothing changed: the buttons come back for another try.
    } finally {
      setBusy((list) => list.filter((other) => other !== id));
    }
  };
  const markAll = async () => {
    setMarkingAll(true);
    try {
      await markAllNotificationsRead(type);
      await refresh();
    } catch {
      // Nothing changed: the button comes back.
    } finally {
      setMarkingAll(false);
    }
  };

  if (me === undefined) return <Loader block />;
  if (me === null) {
    return (
      <div className="container notifications-page">
        <EmptyState
          icon={<BellIcon size={30} />}
          title={t('notifications_sign_in')}
          action={
            <Link
              to={`${paths.signIn}?next=${encodeURIComponent(paths.notifications)}`}
              className="button button--primary"
            >
              {t('sign_in')}
            </Link>
          }
        />
      </div>
    );
  }

  const data = query.data;
  const lastPage = data?.last_page ?? 1;
  return (
    <div className="container notifications-page">
      <header className="notifications-page__header">
        <div>
          <h1 className="notifications-page__title">{t('notifications_title')}</h1>
          {unread !== undefined && (
            <p className="notifications-page__summary">
              {unread > 0 ? t('unread_count', { count: unread }) : t('all_read')}
            </p>
          )}
        </div>
        <button
          type="button"
          className="button button--secondary notifications-page__mark-all"
          onClick={markAll}
          disabled={markingAll || unread === 0}
          aria-busy={markingAll}
        >
          {markingAll ? (
            <span className="loader__spinner loader__spinner--tiny" aria-hidden="true" />
          ) : (
            <CheckIcon size={18} />
          )}
          {t('mark_all_read')}
        </button>
      </header>

      <nav className="notification-filters" aria-label={t('notification_filters')}>
        {NOTIFICATION_FILTERS.map((filter) => (
          <Link
            key={filter}
            to={hrefOf(filter)}
            className="notification-filters__item"
            aria-current={filter === type ? 'page' : undefined}
          >
            {t(FILTER_LABELS[filter])}
          </Link>
        ))}
      </nav>

      {query.isPending && <Loader block />}
      {query.isError && !data && (
        <div className="alert alert--error" role="alert">
          <p>
            {t('network_error')}{' '}
            <button type="button" className="link-button" onClick={() => void query.refetch()}>
              {t('retry')}
            </button>
          </p>
        </div>
      )}
      {data && data.data.length === 0 && (
        <EmptyState
          icon={<BellIcon size={30} />}
          title={t('no_notifications')}
          text={type === 'all' ? t('no_notifications_text') : undefined}
          action={
            page > 1 ? (
              <Link to={hrefOf(type)} className="button button--secondary">
                {t('back_to_first_page')}
              </Link>
            ) : undefined
          }
        />
      )}
      {data && data.data.length > 0 && (
        <>
          <ul className="notifications-list" aria-busy={query.isFetching}>
            {data.data.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                busy={busy.includes(notification.id)}
                onMarkRead={() => void act(notification.id, markNotificationRead)}
                onDelete={() => void act(notification.id, deleteNotification)}
              />
            ))}
          </ul>
          <Pagination
            currentPage={data.current_page}
            lastPage={lastPage}
            radius={PAGINATION_WINDOW_LISTS}
            hrefFor={(target) => hrefOf(type, target)}
          />
          {data.current_page >= lastPage && <EndOfList message={t('all_notifications_shown')} />}
        </>
      )}
    </div>
  );
}

/** The server renders the list with the page (the bell's count comes with every page). */
export async function prefetch({ searchParams, client }: PrefetchContext) {
  if (!client.getQueryData(meQuery.queryKey)) return;
  const type = filterOf(searchParams.get('type'));
  await client.prefetchQuery(notificationsPageQuery(type, pageOf(searchParams.get('page')), true));
}

export { NotificationsPage as Component };
