import { useTranslation } from '../../lib/use-translation';
import { NavLink } from 'react-router';
import { navItems } from './nav-items';

/** Phones: the main destinations within thumb reach. Hidden on wider screens (see styles.css). */
export function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav className="bottom-nav" aria-label={t('main_navigation')}>
      {navItems.map(({ to, label, Icon, end }) => (
        <NavLink key={to} to={to} end={end} className="bottom-nav__link">
          <Icon size={22} />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
