import { useTranslation } from '../../../lib/use-translation';
import type { InsightsDay } from '../../../../shared/schemas/insights';
import type { Language } from '../../../../shared/constants';
import { formatNumber } from '../../../lib/format';
import './insights.css';
import { joinList } from '../../../../shared/domain/language';

// The insights page's chart (issue 19 item 6): one group of bars per day (views, WhatsApp taps,
// calls), drawn as plain SVG. Time runs in the reading direction: left to right in French, right
// to left in Arabic (today at the inline end either way).

const SERIES = [
  { key: 'views', label: 'insights_views' },
  { key: 'whatsapp', label: 'insights_whatsapp' },
  { key: 'call', label: 'insights_call' },
] as const;

const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 18;

const dayLabel = (date: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-MR-u-nu-latn' : 'fr-FR', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

export function InsightsChart({ days, language }: { days: InsightsDay[]; language: Language }) {
  const { t } = useTranslation();
  const rtl = language === 'ar';
  const max = Math.max(1, ...days.flatMap((d) => SERIES.map((s) => d[s.key])));
  const group = WIDTH / Math.max(1, days.length);
  const bar = (group * 0.8) / SERIES.length;
  const plot = HEIGHT - AXIS;
  // Day i's left edge: from the left in French, from the right in Arabic.
  const xOf = (i: number) => (rtl ? WIDTH - (i + 1) * group : i * group) + group * 0.1;
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  const total = (key: (typeof SERIES)[number]['key']) => days.reduce((sum, d) => sum + d[key], 0);

  return (
    <figure className="insights-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('insights_chart_label', { value: formatNumber(days.length, language) })}
        preserveAspectRatio="none"
        className="insights-chart__svg"
      >
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="insights-chart__axis" />
        {days.map((day, i) => (
          <g key={day.date} className="insights-chart__day" data-date={day.date}>
            <title>
              {t('insights_day_summary', {
                day: dayLabel(day.date, language),
                values: joinList(
                  SERIES.map((s) => `${t(s.label)} ${formatNumber(day[s.key], language)}`),
                  language,
                ),
              })}
            </title>
            {SERIES.map((s, j) => {
              const h = (day[s.key] / max) * (plot - 4);
              const offset = rtl ? SERIES.length - 1 - j : j;
              return (
                <rect
                  key={s.key}
                  x={xOf(i) + offset * bar}
                  y={plot - h}
                  width={bar}
                  height={h}
                  className={`insights-chart__bar insights-chart__bar--${s.key}`}
                  data-value={day[s.key]}
                />
              );
            })}
          </g>
        ))}
      </svg>
      <div className="insights-chart__dates" aria-hidden="true">
        {days.map((day, i) =>
          labelled.has(i) ? (
            <span
              key={day.date}
              // The last label ends at the edge rather than starting past it.
              style={
                i === days.length - 1 && i > 0
                  ? { insetInlineEnd: 0 }
                  : { insetInlineStart: `${(i / days.length) * 100}%` }
              }
            >
              {dayLabel(day.date, language)}
            </span>
          ) : null,
        )}
      </div>
      <figcaption className="insights-chart__legend">
        <span className="insights-chart__max">
          {t('insights_max', { value: formatNumber(max, language) })}
        </span>
        {SERIES.map((s) => (
          <span key={s.key} className="insights-chart__key">
            <span className={`insights-chart__swatch insights-chart__bar--${s.key}`} />
            {t(s.label)} <bdi>{formatNumber(total(s.key), language)}</bdi>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
