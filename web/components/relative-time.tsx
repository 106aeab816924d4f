import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { refreshDelay, relativeTime, type RelativeUnit } from '../../shared/domain/relative-time';
import { formatDateTime } from '../lib/format';
import { isLanguage } from '../lib/i18n';
import { useRenderNow } from '../lib/render-seed';

const KEYS: Record<Exclude<RelativeUnit, 'now'>, string> = {
  minute: 'time_minutes_ago',
  hour: 'time_hours_ago',
  day: 'time_days_ago',
  month: 'time_months_ago',
  year: 'time_years_ago',
};

interface RelativeTimeProps {
  date: string;
  className?: string;
}

/**
 * 'now', 'five minutes ago'… in the page's language with its plural forms (SPEC §4), refreshed
 * every 30 s under a minute and every 5 min under an hour. The full date shows on hover.
 */
export function RelativeTime({ date, className }: RelativeTimeProps) {
  const { t, i18n } = useTranslation();
  const renderNow = useRenderNow();
  const [now, setNow] = useState(renderNow);

  useEffect(() => {
    const delay = refreshDelay(date, now);
    if (delay === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), delay);
    return () => window.clearTimeout(timer);
  }, [date, now]);

  const { unit, count } = relativeTime(date, now);
  const label = unit === 'now' ? t('time_now') : t(KEYS[unit], { count });
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  return (
    <time dateTime={date} title={formatDateTime(date, language)} className={className}>
      {label}
    </time>
  );
}
