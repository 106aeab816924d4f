import { useEffect } from 'react';
import { Link } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import { Avatar } from '../../components/avatar';
import { BookmarkIcon, PlusIcon, StoreIcon, UserIcon } from '../../components/icons';
import {
  EditIcon,
  KeyIcon,
  LoginIcon,
  LogoutIcon,
  ShieldIcon,
  TagIcon,
} from '../../components/page-icons';
import { UserText } from '../../components/user-text';
import { paths } from '../../lib/paths';
import type { Me } from '../../lib/use-me';
import { useTranslation } from '../../lib/use-translation';

// The user menu's panel (user-menu.tsx): loaded when the menu is first opened, not with the page.

interface UserMenuPanelProps {
  me: Me | null;
  signInHref: string;
  signingOut: boolean;
  onSignOut: () => void;
  /** Called once the panel is on screen (the menu then moves the focus into it). */
  onShown: () => void;
}

export function UserMenuPanel({
  me,
  signInHref,
  signingOut,
  onSignOut,
  onShown,
}: UserMenuPanelProps) {
  const { t } = useTranslation();
  useEffect(() => onShown(), [onShown]);
  const name = me ? `${me.first_name} ${me.last_name}` : '';
  // The admin page opens for whoever may manage the catalogue (admin-page.tsx asks the same).
  const staff = can.manageCatalog(me);
  return (
    <>
      {me ? (
        <>
          <div className="user-menu__who">
            <Avatar name={name} photo={me.photo} size={44} />
            <div>
              <p className="user-menu__caption">{t('signed_in_as')}</p>
              <UserText as="p" className="user-menu__name" text={name} />
            </div>
          </div>
          <ul className="user-menu__list">
            <li>
              <Link to={paths.user(me.id)} className="user-menu__item">
                <UserIcon size={18} />
                {t('my_profile')}
              </Link>
            </li>
            <li>
              <Link to={paths.profileEdit} className="user-menu__item">
                <EditIcon size={18} />
                {t('menu_edit_profile')}
              </Link>
            </li>
            {me.shops.length > 0 && (
              <li className="user-menu__group">
                <p className="user-menu__group-title">{t('my_shops')}</p>
                <ul className="user-menu__list">
                  {me.shops.map((shop) => (
                    <li key={shop.id}>
                      <Link to={paths.shop(shop.id)} className="user-menu__item">
                        <StoreIcon size={18} />
                        <UserText text={shop.name} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            )}
            <li>
              <Link to={paths.myShops} className="user-menu__item">
                <StoreIcon size={18} />
                {t('menu_manage_shops')}
              </Link>
            </li>
            <li>
              <Link to={paths.myProducts} className="user-menu__item">
                <TagIcon size={18} />
                {t('my_products')}
              </Link>
            </li>
            <li>
              <Link to={paths.mySearches} className="user-menu__item">
                <BookmarkIcon size={18} />
                {t('my_searches')}
              </Link>
            </li>
            <li>
              <Link to={paths.passwordChange} className="user-menu__item">
                <KeyIcon size={18} />
                {t('change_password')}
              </Link>
            </li>
            {staff && (
              <li>
                <Link to={paths.admin} className="user-menu__item">
                  <ShieldIcon size={18} />
                  {t('admin')}
                </Link>
              </li>
            )}
            <li className="user-menu__separator" role="separator" />
            <li>
              <button
                type="button"
                className="user-menu__item user-menu__item--danger"
                onClick={onSignOut}
                disabled={signingOut}
                aria-busy={signingOut}
              >
                <LogoutIcon size={18} />
                {signingOut ? t('signing_out') : t('sign_out')}
              </button>
            </li>
          </ul>
        </>
      ) : (
        <>
          <div className="user-menu__who user-menu__who--guest">
            <p className="user-menu__name">{t('welcome_guest')}</p>
            <p className="user-menu__caption">{t('guest_menu_text')}</p>
          </div>
          <ul className="user-menu__list">
            <li>
              <Link to={signInHref} className="user-menu__item">
                <LoginIcon size={18} />
                {t('sign_in')}
              </Link>
            </li>
            <li>
              <Link to={paths.signUp} className="user-menu__item">
                <PlusIcon size={18} />
                {t('sign_up')}
              </Link>
            </li>
          </ul>
        </>
      )}
    </>
  );
}
