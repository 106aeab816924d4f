import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '../../components/icons';
import { paths } from '../../lib/paths';

/**
 * The notification bell (SPEC §2). For now a link to the notification list; the notifications
 * feature gives it the unread count and its polling.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.notifications}
      className="icon-button header-bell"
      aria-label={t('nav_notifications')}
    >
      <BellIcon size={22} />
    </Link>
  );
}
