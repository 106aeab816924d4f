import { useTranslation } from '../lib/use-translation';
import { formatNumber } from '../lib/format';
import { isLanguage } from '../lib/i18n';
import { RATING_STARS_MAX } from '../../shared/domain/ratings';
import './rating-stars.css';

/** One star glyph, filled or outlined (no icon font; CSS colours it). */
export function Star({ filled, size = 16 }: { filled: boolean; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={filled ? 'star star--filled' : 'star'}
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

/**
 * Issue 32 item 5: a shop's (or a user's) rating as stars, the average and the count, one label
 * for screen readers. Nothing when nobody rated, unless `empty` asks for "no ratings yet".
 */
export function RatingStars({
  average,
  count,
  compact = false,
  empty = false,
}: {
  average: number | null;
  count: number;
  /** Cards: one star, the average and the count. */
  compact?: boolean;
  empty?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  if (average === null || count === 0) {
    return empty ? (
      <span className="rating-stars rating-stars--empty">{t('no_ratings')}</span>
    ) : null;
  }
  const shown = formatNumber(average, language);
  const full = Math.round(average);
  return (
    <span
      className={compact ? 'rating-stars rating-stars--compact' : 'rating-stars'}
      role="img"
      aria-label={t('rating_label', { average: shown, count })}
      data-testid="rating-stars"
    >
      {compact ? (
        <Star filled />
      ) : (
        Array.from({ length: RATING_STARS_MAX }, (_, i) => <Star key={i} filled={i < full} />)
      )}
      <span className="rating-stars__average">{shown}</span>
      <span className="rating-stars__count">({formatNumber(count, language)})</span>
    </span>
  );
}
