import { Suspense, useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Loader } from '../../components/loader';
import { useRenderNow } from '../../lib/render-seed';
import { markAppRunning } from '../../lib/app-ready';
import { NetworkStatus } from '../pwa/network-status';
import { Personal } from '../../lib/personal';
import { BottomNav } from './bottom-nav';
import { FlashNotice } from './flash-notice';
import { NoScriptFormNotice } from './no-script-form-notice';
import { Header } from './header';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoadingBar } from './page-loading';
import { MAIN_END_ID } from '../../../shared/constants';

/** A new page starts at its top; back and forward leave the browser to restore the position. */
function useScrollToTopOnNewPage() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
}

/**
 * Marks the page as running (`<html data-app-ready>`) once the page itself has rendered or
 * hydrated: React hydrates the page after the shell, in a pass of its own, and what the server
 * sent is interactive from then on (the browser tests wait for it after loading a page).
 */
function ReadyMark() {
  useEffect(() => markAppRunning(), []);
  return null;
}

/** Every page: the header, the page itself, the footer, and on phones the bottom navigation. */
export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  // The server's year while hydrating its HTML (on New Year's Eve the two could differ).
  const now = useRenderNow();
  useScrollToTopOnNewPage();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <PageLoadingBar />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {/* The same for every plain user signed in: their pending posts are the browser's. */}
        <Personal shared>
          <NetworkStatus />
        </Personal>
        <FlashNotice />
        <NoScriptFormNotice />
        <PageErrorBoundary resetKey={location.pathname + location.search}>
          <Suspense fallback={<Loader block />}>
            <Outlet />
            <ReadyMark />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <footer id={MAIN_END_ID} className="site-footer">
        <div className="container site-footer__inner">
          <p className="site-footer__about">{t('footer_about')}</p>
          <p className="site-footer__rights">
            {t('footer_rights', { year: new Date(now()).getFullYear() })}
          </p>
        </div>
      </footer>
      <BottomNav />
    </>
  );
}
