import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useParams } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import { Avatar } from '../../components/avatar';
import { ConfirmModal } from '../../components/confirm-modal';
import { ContactList } from '../../components/contact-list';
import { FormAlert } from '../../components/form-field';
import { StoreIcon, UserIcon } from '../../components/icons';
import { CalendarIcon, EditIcon, TrashIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { ReadMore } from '../../components/read-more';
import { UserText } from '../../components/user-text';
import { formErrorsOf } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { HttpError } from '../../lib/http';
import { isLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/use-me';
import { useDeleteUser } from './api/delete-user';
import { useUser } from './api/user';
import { UserListings } from './components/user-listings';
import './user-page.css';
import { VerifiedBadge } from '../../components/verified-badge';
import { RatingStars } from '../../components/rating-stars';
import { idParam, type PrefetchContext } from '../../lib/prefetch';
import { userQuery } from './api/user';
import { userOffersQuery } from './api/user-offers';
import { useOrigin } from '../../lib/use-origin';
import { TapPhoneButton } from '../products';

// SPEC §2 "User card": cover, photo, name, phone, more infos, delete button (the user themself
// and site admins, SPEC §6), through the confirmation modal, then home (SPEC §2, §7).

function NotFoundUser() {
  const { t } = useTranslation();
  return (
    <div className="container status-page">
      <span className="status-page__icon">
        <UserIcon size={40} />
      </span>
      <h1 className="status-page__title">{t('user_not_found')}</h1>
      <Link to={paths.home} className="button button--primary">
        {t('back_home')}
      </Link>
    </div>
  );
}

export function UserPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const id = Number(useParams().id);
  const user = useUser(id);
  const origin = useOrigin();
  const me = useMe().data;
  const remove = useDeleteUser(id);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const name = user.data ? `${user.data.first_name} ${user.data.last_name}` : '';
  useDocumentTitle(name || t('profile'));

  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundUser />;
  if (user.isPending) return <Loader block />;
  if (user.isError) {
    if (user.error instanceof HttpError && user.error.status === 404) return <NotFoundUser />;
    return (
      <div className="container">
        <FormAlert messages={formErrorsOf(user.error, []).general} />
      </div>
    );
  }
  const data = user.data;
  const self = me?.id === data.id;
  const message = t('whatsapp_message_user', {
    name: data.first_name,
    url: `${origin}${paths.user(data.id)}`,
  });

  async function onDelete() {
    setErrors([]);
    try {
      await remove.mutateAsync();
      // A whole new home page: nothing of the deleted account stays in memory (as signing out).
      window.location.assign(paths.home);
    } catch (error) {
      setConfirming(false);
      setErrors(formErrorsOf(error, []).general);
    }
  }

  return (
    <div className="container user-page">
      <section className="card user-card" aria-labelledby="user-name">
        <div className="user-card__cover">
          {data.cover_url && <img src={data.cover_url} alt="" width={1200} height={220} />}
        </div>
        <div className="user-card__main">
          <div className="user-card__photo">
            <Avatar name={name} photo={data.photo_small_url} size={112} />
          </div>
          <div className="user-card__title">
            <h1 id="user-name" className="user-card__name">
              <UserText text={name} />
            </h1>
            <ul className="user-card__facts">
              {data.role !== 'user' && (
                <li>
                  <span className="shop-badge shop-badge--pro">{t(`role_${data.role}`)}</span>
                </li>
              )}
              {data.phone_verified_at && (
                <li>
                  <VerifiedBadge verifiedAt={data.phone_verified_at} />
                </li>
              )}
              {data.rating_count > 0 && (
                <li className="user-card__fact">
                  <RatingStars average={data.rating_average} count={data.rating_count} />
                </li>
              )}
              <li className="user-card__fact">
                <CalendarIcon size={16} />
                {t('member_since', { date: formatDate(data.created_at, language) })}
              </li>
            </ul>
          </div>
          {(self || can.deleteUser(me, data.id)) && (
            <div className="user-card__actions">
              {self && (
                <>
                  <Link to={paths.profileEdit} className="button button--secondary">
                    <EditIcon size={18} />
                    {t('edit_profile')}
                  </Link>
                  <Link to={paths.myShops} className="button button--secondary">
                    <StoreIcon size={18} />
                    {t('my_shops')}
                  </Link>
                </>
              )}
              {/* Leaving needs the password again: the account settings' form (issue 34 item 5). */}
              {self && (
                <Link to={`${paths.profileEdit}#delete`} className="button button--danger-outline">
                  <TrashIcon size={18} />
                  {t('delete_account')}
                </Link>
              )}
              {!self && can.deleteUser(me, data.id) && (
                <button
                  type="button"
                  className="button button--danger-outline"
                  onClick={() => setConfirming(true)}
                >
                  <TrashIcon size={18} />
                  {t('delete_account')}
                </button>
              )}
            </div>
          )}
        </div>
        <FormAlert messages={errors} />
        <div className="user-card__details">
          {/* Issue 29 item 2: the numbers come on a tap (the user and site staff have them). */}
          {data.phone_1 === null && (
            <div className="user-card__phone">
              <TapPhoneButton
                source={{ kind: 'user', id: data.id }}
                compact={false}
                message={message}
              />
            </div>
          )}
          <ContactList
            phones={[data.phone_1, data.phone_2]}
            whatsapps={[data.whatsapp_number]}
            message={message}
          />
          {data.more_infos && (
            <div className="user-card__more">
              <h2 className="user-card__subtitle">{t('more_infos')}</h2>
              <ReadMore text={data.more_infos} />
            </div>
          )}
        </div>
      </section>
      <UserListings user={data} />
      <ConfirmModal
        open={confirming}
        title={t('delete_account')}
        message={t('confirm_delete_user', { name })}
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** Server rendering: the profile (a 404 if there is none) and its personal shop's offers. */
export async function prefetch({ params, client }: PrefetchContext) {
  const user = await client.fetchQuery(userQuery(idParam(params.id)));
  const personal = user.shops.find((shop) => !shop.is_professional);
  if (personal) await client.prefetchQuery(userOffersQuery(personal.id));
}

export { UserPage as Component };
