import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { restOfDictionaryVersion, subscribeRestOfDictionary, type I18n } from './i18n';

// The page's translations for components: `const { t, i18n } = useTranslation()` under an
// <I18nProvider> (the app's, or a test's).

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  // When the rest of the dictionary arrives, every component that shows a message renders again
  // (one shown before as its key, by a part the server did not render, gets its text).
  const version = useSyncExternalStore(subscribeRestOfDictionary, restOfDictionaryVersion, () => 0);
  const value = useMemo(() => (version ? { ...i18n } : i18n), [i18n, version]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: I18n['t']; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation: no <I18nProvider> above this component');
  return { t: i18n.t, i18n };
}
