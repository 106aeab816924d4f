import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import { EmptyState } from '../../components/empty-state';
import { EditIcon, PlusIcon, StoreIcon } from '../../components/icons';
import { Loader } from '../../components/loader';
import { UserText } from '../../components/user-text';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';

// 'My shops': the shops the signed-in user works in (GET /users/me, with their role in each),
// and the way to create another one.

export function MyShopsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('my_shops'));
  const me = useMe();
  if (me.isPending) return <Loader block />;
  if (!me.data) {
    return <Navigate to={`${paths.signIn}?next=${encodeURIComponent(paths.myShops)}`} replace />;
  }
  const user = me.data;
  const create = (
    <Link to={paths.shopNew} className="button button--primary">
      <PlusIcon size={18} />
      {t('create_shop')}
    </Link>
  );
  return (
    <div className="container my-shops">
      <header className="my-shops__header">
        <h1 className="my-shops__title">{t('my_shops')}</h1>
        {user.shops.length > 0 && create}
      </header>
      {user.shops.length === 0 ? (
        <EmptyState title={t('no_shops')} icon={<StoreIcon size={32} />} action={create} />
      ) : (
        <ul className="my-shops__list">
          {user.shops.map((shop) => (
            <li key={shop.id} className="card my-shops__item">
              <span className="my-shops__logo">
                {shop.logo_small_url ? (
                  <img src={shop.logo_small_url} alt="" />
                ) : (
                  <StoreIcon size={26} />
                )}
              </span>
              <div className="my-shops__who">
                <Link to={paths.shop(shop.id)} className="my-shops__name">
                  <UserText text={shop.name} />
                </Link>
                <p className="my-shops__facts">
                  <span className={`role-badge role-badge--${shop.pivot.role}`}>
                    {t(`shop_role_${shop.pivot.role}`)}
                  </span>
                  <span
                    className={shop.is_professional ? 'shop-badge shop-badge--pro' : 'shop-badge'}
                  >
                    {shop.is_professional ? t('shop_kind_professional') : t('shop_kind_personal')}
                  </span>
                </p>
              </div>
              {can.editShop(user, shop.pivot.role) && (
                <Link
                  to={paths.shopEdit(shop.id)}
                  className="icon-button my-shops__edit"
                  aria-label={t('edit_shop_named', { name: shop.name })}
                  title={t('edit_shop')}
                >
                  <EditIcon size={18} />
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { MyShopsPage as Component };
