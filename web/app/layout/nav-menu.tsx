import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { NavLink, useLocation } from 'react-router';
import { MenuIcon } from '../../components/icons';
import { useDismiss, useMenuKeyboard } from '../../components/popover';
import { navItems } from './nav-items';

/**
 * The main destinations folded into a menu, on screens too narrow for the header's row of links
 * and too wide for the phone's bottom bar (shown between the two breakpoints, see styles.css).
 */
export function NavMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const panelId = useId();
  const location = useLocation();

  // Any navigation closes the menu.
  const [shownAt, setShownAt] = useState(location.key);
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setOpen(false);
  }

  useDismiss(open, setOpen, root, button);
  const { onTriggerClick, onPanelKeyDown } = useMenuKeyboard(open, panel);

  return (
    <div className="nav-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="nav-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('nav_menu')}
        onClick={(event) => {
          onTriggerClick(event);
          setOpen((value) => !value);
        }}
      >
        <MenuIcon size={22} />
      </button>
      {open && (
        <nav
          id={panelId}
          ref={panel}
          className="nav-menu__panel"
          aria-label={t('main_navigation')}
          onKeyDown={onPanelKeyDown}
        >
          <ul className="user-menu__list">
            {navItems.map(({ to, label, Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className="user-menu__item nav-menu__item">
                  <Icon size={18} />
                  {t(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
