import { useTranslation } from '../lib/use-translation';

/** The line under a list once everything has been loaded ('no more', 'all notifications shown'). */
export function EndOfList({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <p className="end-of-list" role="status">
      <span>{message ?? t('end_of_list')}</span>
    </p>
  );
}
