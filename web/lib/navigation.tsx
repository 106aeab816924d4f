import { createContext, useContext } from 'react';

// How a part of a page goes to another address. In the app it is the router's (web/lib/
// router-navigation.tsx, a navigation without a page load); in an island of a first view
// (web/islands.tsx: no router there) it is a page load, served from the page cache.

export interface Navigation {
  navigate(to: string): void;
  /** The address on screen: path and query. */
  here(): string;
}

const pageLoad: Navigation = {
  navigate: (to) => window.location.assign(to),
  here: () => window.location.pathname + window.location.search,
};

const NavigationContext = createContext<Navigation>(pageLoad);
export const NavigationProvider = NavigationContext.Provider;

export const useNavigation = (): Navigation => useContext(NavigationContext);
