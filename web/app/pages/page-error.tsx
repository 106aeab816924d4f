import { useTranslation } from '../../lib/use-translation';
import { AlertIcon } from '../../components/icons';
import { paths } from '../../lib/paths';

/**
 * A page that failed to render or to load its code (often a new release replaced the chunk):
 * say so in the page's language and offer a reload.
 */
export function PageError() {
  const { t } = useTranslation();
  return (
    <div className="container status-page" role="alert">
      <span className="status-page__icon status-page__icon--error">
        <AlertIcon size={40} />
      </span>
      <h1 className="status-page__title">{t('error_page_title')}</h1>
      <p className="status-page__text">{t('error_page_text')}</p>
      <div className="status-page__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {t('reload_page')}
        </button>
        <a href={paths.home} className="button button--secondary">
          {t('back_home')}
        </a>
      </div>
    </div>
  );
}
