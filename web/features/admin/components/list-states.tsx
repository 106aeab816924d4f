import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';

/** A list that failed to load: say so, and offer to try again. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert--error admin-list-error" role="alert">
      <AlertIcon className="alert__icon" />
      <div>
        <p>{t('admin_load_error')}</p>
        <button type="button" className="link-button" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    </div>
  );
}

/** An empty nested list: one quiet line, not a full empty state. */
export function EmptyLine({ text }: { text: string }) {
  return (
    <p className="admin-empty-line" role="status">
      {text}
    </p>
  );
}
