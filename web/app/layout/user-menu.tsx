import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation } from 'react-router';
import { can } from '../../../shared/domain/permissions';
import { Avatar } from '../../components/avatar';
import {
  BookmarkIcon,
  ChevronDownIcon,
  EditIcon,
  KeyIcon,
  LoginIcon,
  LogoutIcon,
  PlusIcon,
  ShieldIcon,
  StoreIcon,
  UserIcon,
} from '../../components/icons';
import { useDismiss, useMenuKeyboard } from '../../components/popover';
import { UserText } from '../../components/user-text';
import { signOut } from '../../features/account/api/sign-out';
import { paths } from '../../lib/paths';
import { useMe } from '../../lib/use-me';

/** Where 'sign in' should come back to: the page the visitor is on, unless it is an account page. */
function useReturnPath() {
  const location = useLocation();
  const here = location.pathname + location.search;
  return [paths.signIn, paths.signUp].includes(location.pathname) ? paths.home : here;
}

export function UserMenu() {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const back = useReturnPath();
  const signInHref =
    back === paths.home ? paths.signIn : `${paths.signIn}?next=${encodeURIComponent(back)}`;

  // Any navigation closes the menu.
  const [shownAt, setShownAt] = useState(location.key);
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setOpen(false);
  }

  useDismiss(open, setOpen, root, button);
  const { onTriggerClick, onPanelKeyDown } = useMenuKeyboard(open, panel);

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } catch {
      // Still signed in: the menu stays open and the button can be tried again.
      setSigningOut(false);
    }
  }

  const name = me ? `${me.first_name} ${me.last_name}` : '';
  // The admin page opens for whoever may manage the catalogue (admin-page.tsx asks the same).
  const staff = can.manageCatalog(me);

  return (
    <div className="user-menu" ref={root}>
      {me === null && (
        <div className="user-menu__guest-links">
          <Link to={signInHref} className="button button--ghost">
            {t('sign_in')}
          </Link>
          <Link to={paths.signUp} className="button button--primary">
            {t('sign_up')}
          </Link>
        </div>
      )}
      <button
        ref={button}
        type="button"
        className={me ? 'user-menu__button' : 'user-menu__button user-menu__button--guest'}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('user_menu')}
        disabled={isPending}
        onClick={(event) => {
          onTriggerClick(event);
          setOpen((value) => !value);
        }}
      >
        {me ? <Avatar name={name} photo={me.photo} size={32} /> : <UserIcon size={22} />}
        <ChevronDownIcon size={16} className="user-menu__chevron" />
      </button>
      {open && (
        <div id={panelId} ref={panel} className="user-menu__panel" onKeyDown={onPanelKeyDown}>
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
        </div>
      )}
    </div>
  );
}
