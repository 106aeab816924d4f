import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { BellIcon } from '../../components/icons';
import { useNotificationStream, useUnreadCount } from '../../features/notifications';
import { paths } from '../../lib/paths';

/** Above this the badge says 99+. */
const BADGE_MAX = 99;

/**
 * The notification bell (SPEC §2): a link to the notification list with the unread count, live
 * through the notification stream (issue 18), polled every 5 minutes while the stream is down and
 * refreshed when the window regains focus (the header shows it only to a signed-in user).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  useNotificationStream();
  const count = useUnreadCount();
  const label = count
    ? `${t('nav_notifications')} (${t('unread_count', { count })})`
    : t('nav_notifications');
  return (
    // A part of its own chunk: a tap before the app runs is the browser's (data-page-link, web/islands.tsx).
    <Link
      to={paths.notifications}
      className="icon-button header-bell"
      aria-label={label}
      data-page-link=""
    >
      <BellIcon size={22} />
      {!!count && (
        <span className="header-bell__badge" aria-hidden="true">
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </Link>
  );
}
