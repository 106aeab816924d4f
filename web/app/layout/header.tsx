import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, NavLink } from 'react-router';
import { PlusIcon } from '../../components/icons';
import { afterDictionary } from '../../lib/i18n';
import { useMe } from '../../lib/use-me';
import { Personal } from '../../lib/personal';
import { paths } from '../../lib/paths';
import { LanguageLink } from './language-link';
import { navItems } from './nav-items';
import { NavMenu } from './nav-menu';
import { UserMenu } from './user-menu';

// Only a signed-in user has a bell (and its live stream): a visitor's page does not load it.
const NotificationBell = lazy(() =>
  afterDictionary(import('./notification-bell')).then((m) => ({ default: m.NotificationBell })),
);

/** The bell (signed in) and the user's menu: the visitor's own (lib/personal.tsx). */
function SignedIn() {
  const { data: me } = useMe();
  return (
    <>
      {me && (
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      )}
      <UserMenu />
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand" aria-label={t('app_name')}>
          <span className="brand__mark" aria-hidden="true">
            <svg viewBox="0 0 32 32" width="32" height="32">
              <rect width="32" height="32" rx="9" fill="currentColor" />
              <path
                d="M9 13h14l-1.3 9.2a2 2 0 0 1-2 1.8h-7.4a2 2 0 0 1-2-1.8L9 13Zm3.5 0V11a3.5 3.5 0 0 1 7 0v2"
                fill="none"
                stroke="#fff"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <span className="brand__name">{t('app_name')}</span>
        </Link>
        <NavMenu />
        <nav className="main-nav" aria-label={t('main_navigation')}>
          {navItems.map(({ to, label, Icon, end }) => (
            <NavLink key={to} to={to} end={end} className="main-nav__link">
              <Icon size={18} />
              <span>{t(label)}</span>
            </NavLink>
          ))}
        </nav>
        <div className="site-header__actions">
          <Link to={paths.productNew('offer')} className="button button--accent post-link">
            <PlusIcon size={18} />
            <span className="post-link__label">{t('post_ad')}</span>
          </Link>
          <LanguageLink />
          <Personal>
            <SignedIn />
          </Personal>
        </div>
      </div>
    </header>
  );
}
