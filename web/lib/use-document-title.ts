import { useEffect } from 'react';
import { useTranslation } from './use-translation';

/** `<title>`: the page's own title, then the site's name. */
export function useDocumentTitle(title?: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} · ${t('app_name')}` : t('app_name');
  }, [title, t]);
}
