import type { MouseEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { GlobeIcon } from '../../components/icons';
import { isLanguage, otherLanguage } from '../../lib/i18n';
import { DEFAULT_LANGUAGE } from '../../../shared/constants';
import { http } from '../../lib/http';
import { paths } from '../../lib/paths';
import { useMe } from '../../lib/use-me';

/**
 * SPEC §2: the link offered is for the other language. A plain link, not a client-side route: the
 * server sets the language and answers a whole new page with <html lang dir> to match. The server
 * sends the visitor back to the page named by the Referer, which the site-wide `no-referrer`
 * policy (helmet's default) would drop: this one link sends it, to this site only.
 */
export function LanguageLink() {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const other = otherLanguage(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  // A signed-in user's language is stored with their account, and the server changes it only
  // through an XSRF-checked POST (the GET link any site could trigger sets only the cookie): the
  // page asks for it, then reloads in the new language.
  async function switchStored(event: MouseEvent<HTMLAnchorElement>) {
    if (!me) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    try {
      await http.post(paths.localisation(other));
      // Without the address's `?lang=` (issue 16), which would win over the stored choice.
      const url = new URL(window.location.href);
      if (url.searchParams.has('lang')) {
        url.searchParams.delete('lang');
        window.location.assign(url.toString());
      } else {
        window.location.reload();
      }
    } catch {
      window.location.assign(href);
    }
  }
  return (
    <a
      className="language-link"
      onClick={switchStored}
      href={paths.localisation(other)}
      hrefLang={other}
      referrerPolicy="same-origin"
      title={t('switch_language_hint')}
    >
      <GlobeIcon size={18} />
      <span lang={other}>{t('switch_language')}</span>
    </a>
  );
}
