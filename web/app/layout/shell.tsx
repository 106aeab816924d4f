import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { BottomNav } from './bottom-nav';
import { Header } from './header';

/** Every page: the header, the page itself, the footer, and on phones the bottom navigation. */
export function Shell() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('loading')} />
      )}
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <p className="site-footer__about">{t('footer_about')}</p>
          <p className="site-footer__rights">
            {t('footer_rights', { year: new Date().getFullYear() })}
          </p>
        </div>
      </footer>
      <BottomNav />
      <ScrollRestoration />
    </>
  );
}
