import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { RelativeTime } from '../../../components/relative-time';
import { UserText } from '../../../components/user-text';
import type { Notification } from '../api/notifications-page';
import { notificationHref, notificationProduct, notificationSentence } from '../notification-text';
import { isLanguage } from '../../../lib/i18n';
import './notification-item.css';

/** Stands for the actor's name while the sentence is translated, then is replaced by it. */
const NAME = '\u0000name\u0000';

interface NotificationItemProps {
  notification: Notification;
  busy: boolean;
  onMarkRead: () => void;
  onDelete: () => void;
}

/** One notification: who, what and when, opening its page; mark as read and delete beside it. */
export function NotificationItem({
  notification,
  busy,
  onMarkRead,
  onDelete,
}: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const sentence = notificationSentence(notification);
  const product = notificationProduct(
    notification,
    isLanguage(i18n.language) ? i18n.language : 'ar',
  );
  const [quoteBefore, quoteAfter = ''] = t('notification_product', { product: NAME }).split(NAME);
  const name = sentence.name ?? t('notification_someone');
  const [before, after = ''] = t(sentence.key, {
    name: NAME,
    reaction: sentence.reaction ? t(sentence.reaction) : '',
    count: sentence.count,
    product: sentence.product,
  }).split(NAME);
  const unread = notification.read_at === null;
  const href = notificationHref(notification);

  const content = (
    <>
      <span className="notification__avatar">
        <Avatar name={name} photo={notification.data.user_photo} size={44} />
        {unread && <span className="notification__dot" title={t('unread')} />}
      </span>
      <span className="notification__body">
        <span className="notification__text">
          {before}
          <strong>
            <UserText text={name} />
          </strong>
          {after}
          {product && (
            <>
              {' '}
              {quoteBefore}
              <UserText text={product} />
              {quoteAfter}
            </>
          )}
        </span>
        <RelativeTime date={notification.created_at} className="notification__date" />
      </span>
      {unread && <span className="visually-hidden">{t('unread')}</span>}
    </>
  );

  return (
    <li className={unread ? 'notification notification--unread' : 'notification'}>
      {href ? (
        <Link to={href} className="notification__link">
          {content}
        </Link>
      ) : (
        <div className="notification__link">{content}</div>
      )}
      <div className="notification__actions">
        {unread && (
          <button
            type="button"
            className="icon-button notification__action"
            aria-label={t('mark_read')}
            title={t('mark_read')}
            onClick={onMarkRead}
            disabled={busy}
          >
            <CheckIcon size={18} />
          </button>
        )}
        <button
          type="button"
          className="icon-button notification__action notification__action--delete"
          aria-label={t('delete_notification')}
          title={t('delete_notification')}
          onClick={onDelete}
          disabled={busy}
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </li>
  );
}
