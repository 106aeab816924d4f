import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../components/icons';
import { currentLanguage, otherLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/**
 * SPEC §2: the link offered is for the other language. A plain link, not a client-side route: the
 * server sets the language and answers a whole new page with <html lang dir> to match. The server
 * sends the visitor back to the page named by the Referer, which the site-wide `no-referrer`
 * policy (helmet's default) would drop: this one link sends it, to this site only.
 */
export function LanguageLink() {
  const { t } = useTranslation();
  const other = otherLanguage(currentLanguage());
  return (
    <a
      className="language-link"
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
