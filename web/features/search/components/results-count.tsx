import { useTranslation } from '../../../lib/use-translation';
import { SEARCH_TOTAL_MAX, type Language } from '../../../../shared/constants';
import { formatNumber } from '../../../lib/format';
import './results-count.css';

/** 'n results'; the server stops counting at SEARCH_TOTAL_MAX, shown as '1000+' (docs/search.md). */
export function ResultsCount({ total }: { total: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const text =
    total >= SEARCH_TOTAL_MAX
      ? t('results_count_capped', { number: formatNumber(SEARCH_TOTAL_MAX, language) })
      : t('results_count', { count: total, number: formatNumber(total, language) });
  return (
    <span className="results__count" role="status">
      {text}
    </span>
  );
}
