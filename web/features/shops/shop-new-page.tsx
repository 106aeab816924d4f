import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import { Loader } from '../../components/loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { useCreateShop } from './api/save-shop';
import { FormPage } from './components/form-page';
import { ShopForm } from './components/shop-form';
import { Redirect } from '../../components/redirect';

// DESIGN §4: POST /shops/create; the creator becomes the owner, then sees the new shop's page.
export function ShopNewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('create_shop'));
  const me = useMe();
  const create = useCreateShop();
  const navigate = useNavigate();

  if (me.isPending) return <Loader block />;
  if (!me.data) {
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(paths.shopNew)}`} />;
  }
  return (
    <FormPage title={t('create_shop')} intro={t('create_shop_intro')}>
      <ShopForm
        submitLabel={t('create_shop')}
        save={async (form, onUploadProgress) => {
          const shop = await create.mutateAsync({ form, onUploadProgress });
          navigate(paths.shop(shop.id));
        }}
      />
    </FormPage>
  );
}

export { ShopNewPage as Component };
