import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import { FormAlert } from '../../components/form-field';
import { Loader } from '../../components/loader';
import { formErrorsOf } from '../../lib/form-errors';
import { HttpError } from '../../lib/http';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { useUpdateShop } from './api/save-shop';
import { useShop } from './api/shop';
import { FormPage } from './components/form-page';
import { ShopForm } from './components/shop-form';
import { roleIn } from '../../../shared/domain/employees';
import { NotFoundShop } from './components/not-found-shop';
import { Redirect } from '../../components/redirect';

// DESIGN §4: PUT /shops/{id}, for the owner, the shop's admins and site admins (can.editShop).
export function ShopEditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('edit_shop'));
  const id = Number(useParams().id);
  const me = useMe();
  const shop = useShop(id);
  const update = useUpdateShop(id);
  const navigate = useNavigate();

  if (me.isPending || (shop.isPending && shop.fetchStatus !== 'idle')) return <Loader block />;
  if (!me.data) {
    const here = paths.shopEdit(id);
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(here)}`} />;
  }
  if (shop.isError && !(shop.error instanceof HttpError && shop.error.status === 404)) {
    return (
      <div className="container">
        <FormAlert messages={formErrorsOf(shop.error, []).general} />
      </div>
    );
  }
  if (!shop.data) return <NotFoundShop />;
  if (!can.editShop(me.data, roleIn(shop.data.employees, me.data))) {
    return (
      <div className="container status-page">
        <h1 className="status-page__title">{t('not_allowed')}</h1>
        <Link to={paths.shop(id)} className="button button--primary">
          {t('back_to_shop')}
        </Link>
      </div>
    );
  }
  return (
    <FormPage title={t('edit_shop')}>
      <ShopForm
        key={shop.data.id}
        shop={shop.data}
        submitLabel={t('save_changes')}
        save={async (form, onUploadProgress) => {
          await update.mutateAsync({ form, onUploadProgress });
          navigate(paths.shop(id));
        }}
      />
    </FormPage>
  );
}

export { ShopEditPage as Component };
