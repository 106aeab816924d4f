import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { AlertIcon } from '../../../components/icons';
import { CompassIcon } from '../../../components/page-icons';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../lib/paths';

/** An unknown category or subcategory (or the catalogue could not be read). */
export function CatalogNotFound({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="container">
      <EmptyState
        icon={failed ? <AlertIcon size={32} /> : <CompassIcon size={32} />}
        title={t(failed ? 'unknown_error' : 'category_not_found')}
        action={
          <Link to={`${paths.home}?tab=categories`} className="button button--secondary">
            {t('all_categories')}
          </Link>
        }
      />
    </div>
  );
}
