import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { StoreIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';

/** An unknown shop id (the server answers 404). */
export function NotFoundShop() {
  const { t } = useTranslation();
  return (
    <div className="container status-page">
      <span className="status-page__icon">
        <StoreIcon size={40} />
      </span>
      <h1 className="status-page__title">{t('shop_not_found')}</h1>
      <Link to={paths.home} className="button button--primary">
        {t('back_home')}
      </Link>
    </div>
  );
}
