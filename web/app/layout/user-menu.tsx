import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../components/avatar';
import { ChevronDownIcon, UserIcon } from '../../components/icons';
import { useDismiss, useMenuKeyboard } from '../../components/popover';
import { signOut } from '../../features/account/api/sign-out';
import { afterDictionary } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useMe } from '../../lib/use-me';

// The panel is loaded (with the rest of the dictionary) when the menu is first opened.
const UserMenuPanel = lazy(() =>
  afterDictionary(import('./user-menu-panel')).then((m) => ({ default: m.UserMenuPanel })),
);

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
  const { onTriggerClick, onPanelKeyDown, focusFirst } = useMenuKeyboard(open, panel);

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
        aria-controls={open ? panelId : undefined}
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
          <Suspense
            fallback={
              <span className="loader__spinner loader__spinner--small" aria-hidden="true" />
            }
          >
            <UserMenuPanel
              me={me ?? null}
              signInHref={signInHref}
              signingOut={signingOut}
              onSignOut={onSignOut}
              onShown={focusFirst}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
