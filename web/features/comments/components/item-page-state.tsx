import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { AlertIcon } from '../../../components/icons';
import { Loader } from '../../../components/loader';
import { HttpError } from '../../../lib/http';
import { paths } from '../../../lib/paths';

/**
 * A single comment or command page that has nothing to show: still loading, gone (deleted, or
 * private to others: the server answers 404 alike) or failed.
 */
export function ItemPageState({
  error,
  goneTitle,
  onRetry,
}: {
  error: unknown;
  goneTitle: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (!error) return <Loader block />;
  const gone = error instanceof HttpError && (error.status === 404 || error.status === 403);
  return (
    <div className="status-page">
      <span className="status-page__icon status-page__icon--error">
        <AlertIcon size={36} />
      </span>
      <h1 className="status-page__title">{gone ? goneTitle : t('error_page_title')}</h1>
      <p className="status-page__text">{gone ? t('item_gone_text') : t('network_error')}</p>
      <div className="status-page__actions">
        {!gone && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
        <Link to={paths.home} className="button button--secondary">
          {t('back_home')}
        </Link>
      </div>
    </div>
  );
}
