import { useTranslation } from '../../lib/use-translation';
import { NotFound } from '../../components/not-found';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <NotFound title={t('not_found_title')} text={t('not_found_text')} />;
}

export { NotFoundPage as Component };
