import type { ComponentType } from 'react';
import { BookmarkIcon, HomeIcon, SearchIcon, StoreIcon } from '../../components/icons';
import { paths } from '../../lib/paths';

/** The main destinations of the header (desktop) and the bottom bar (phones). */
export const navItems: {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  end?: boolean;
}[] = [
  { to: paths.home, label: 'nav_home', Icon: HomeIcon, end: true },
  { to: paths.market, label: 'nav_market', Icon: StoreIcon },
  { to: paths.search, label: 'nav_search', Icon: SearchIcon },
  { to: paths.saved, label: 'nav_saved', Icon: BookmarkIcon },
];
