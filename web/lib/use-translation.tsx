import { createContext, useContext, type ReactNode } from 'react';
import type { I18n } from './i18n';

// The page's translations for components: `const { t, i18n } = useTranslation()` under an
// <I18nProvider> (the app's, or a test's).

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: I18n['t']; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation: no <I18nProvider> above this component');
  return { t: i18n.t, i18n };
}
