import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { InboxIcon } from './icons';

interface EmptyStateProps {
  /** The message; defaults to the generic 'nothing here yet'. */
  title?: string;
  text?: string;
  icon?: ReactNode;
  /** A link or button that helps the user move on. */
  action?: ReactNode;
}

export function EmptyState({ title, text, icon, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="status">
      <span className="empty-state__icon">{icon ?? <InboxIcon size={32} />}</span>
      <p className="empty-state__title">{title ?? t('empty_default')}</p>
      {text && <p className="empty-state__text">{text}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
