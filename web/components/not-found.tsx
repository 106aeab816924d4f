import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { ArrowStartIcon, CompassIcon } from './page-icons';
import './not-found.css';

/** The 404 view: of an unknown address, or of a page whose record is not there. */
export function NotFound({ title, text }: { title: string; text?: string }) {
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
      <h1 className="status-page__title">{title}</h1>
      {text && <p className="status-page__text">{text}</p>}
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
