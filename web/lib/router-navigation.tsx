import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationProvider } from './navigation';

/** The router's way to other addresses, for the parts below (web/lib/navigation.tsx). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const value = useMemo(
    () => ({ navigate: (to: string) => void navigate(to), here: () => pathname + search }),
    [navigate, pathname, search],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
