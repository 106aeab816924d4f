import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowStartIcon, CompassIcon } from '../../components/icons';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('not_found_title'));
  return (
    <div className="container status-page">
      <span className="status-page__icon">
        <CompassIcon size={40} />
      </span>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">{t('not_found_title')}</h1>
      <p className="status-page__text">{t('not_found_text')}</p>
      <div className="status-page__actions">
        <Link to={paths.home} className="button button--primary">
          <ArrowStartIcon size={18} />
          {t('back_home')}
        </Link>
        <Link to={paths.search} className="button button--secondary">
          {t('nav_search')}
        </Link>
      </div>
    </div>
  );
}

export { NotFoundPage as Component };
