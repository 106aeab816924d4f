import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import type { MyInvitation } from '../../../shared/schemas/shops';
import { EmptyState } from '../../components/empty-state';
import { PlusIcon, StoreIcon } from '../../components/icons';
import { EditIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { UserText } from '../../components/user-text';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { useMarkNotificationRead } from '../../lib/use-mark-notification-read';
import { FormAlert } from '../../components/form-field';
import { formErrorsOf } from '../../lib/form-errors';
import { useAnswerInvitation } from './api/answer-invitation';
import { useMyInvitations } from './api/my-invitations';
import './my-shops-page.css';
import { Redirect } from '../../components/redirect';

// 'My shops': the shops the signed-in user works in (GET /users/me, with their role in each),
// the invitations to join a shop's staff waiting for their answer (accept or decline: nothing
// changes for them until they accept), and the way to create another shop.

function ShopLogo({ url }: { url: string | null }) {
  return (
    <span className="my-shops__logo">
      {url ? <img src={url} alt="" width={52} height={52} /> : <StoreIcon size={26} />}
    </span>
  );
}

function MyInvitations({ invitations }: { invitations: MyInvitation[] }) {
  const { t } = useTranslation();
  const answer = useAnswerInvitation();
  const [errors, setErrors] = useState<string[]>([]);

  async function onAnswer(shopId: number, choice: 'accept' | 'decline') {
    setErrors([]);
    try {
      await answer.mutateAsync({ shopId, answer: choice });
    } catch (error) {
      setErrors(formErrorsOf(error, []).general);
    }
  }

  return (
    <section className="my-invitations" aria-labelledby="my-invitations-title">
      <h2 id="my-invitations-title" className="my-invitations__title">
        {t('my_invitations')}
      </h2>
      <FormAlert messages={errors} />
      <ul className="my-shops__list">
        {invitations.map((invitation) => {
          const busy = answer.isPending && answer.variables?.shopId === invitation.shop.id;
          return (
            <li key={invitation.id} className="card my-shops__item my-invitations__item">
              <ShopLogo url={invitation.shop.logo_small_url} />
              <div className="my-shops__who">
                <Link to={paths.shop(invitation.shop.id)} className="my-shops__name">
                  <UserText text={invitation.shop.name} />
                </Link>
                <p className="my-shops__facts">
                  <span className="role-badge role-badge--invited">
                    {t('invitation_as', { role: t(`shop_role_${invitation.role}`) })}
                  </span>
                </p>
              </div>
              <div className="my-invitations__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  aria-label={t('accept_invitation_named', { shop: invitation.shop.name })}
                  disabled={busy}
                  onClick={() => onAnswer(invitation.shop.id, 'accept')}
                >
                  {t('accept_invitation')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={t('decline_invitation_named', { shop: invitation.shop.name })}
                  disabled={busy}
                  onClick={() => onAnswer(invitation.shop.id, 'decline')}
                >
                  {t('decline_invitation')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function MyShopsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('my_shops'));
  const me = useMe();
  const invitations = useMyInvitations(!!me.data);
  // Opened from a shop_invitation notification: that notification is read.
  const [search] = useSearchParams();
  useMarkNotificationRead(search.get('notification'));
  if (me.isPending) return <Loader block />;
  if (!me.data) {
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(paths.myShops)}`} />;
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
      {invitations.data && invitations.data.length > 0 && (
        <MyInvitations invitations={invitations.data} />
      )}
      {user.shops.length === 0 ? (
        <EmptyState title={t('no_shops')} icon={<StoreIcon size={32} />} action={create} />
      ) : (
        <ul className="my-shops__list">
          {user.shops.map((shop) => (
            <li key={shop.id} className="card my-shops__item">
              <ShopLogo url={shop.logo_small_url} />
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
