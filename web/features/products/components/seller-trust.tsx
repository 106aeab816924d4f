import { useTranslation } from '../../../lib/use-translation';
import { ChatIcon, CalendarIcon } from '../../../components/page-icons';
import { RatingStars } from '../../../components/rating-stars';
import { VerifiedBadge } from '../../../components/verified-badge';
import { formatDate } from '../../../lib/format';
import { isLanguage } from '../../../lib/i18n';
import { useShopTrust } from '../api/shop-trust';
import './seller-trust.css';

const HOUR = 60;
const DAY = 24 * HOUR;
// The durations follow "within" (خلال): their own keys, whose Arabic dual is genitive (ساعتين).

/**
 * Issue 32 item 8: what tells a buyer whether to trust the seller, in one compact row under the
 * shop's name: member since, verified number, rating, usual response time (median, 90 days).
 */
export function SellerTrust({ shopId }: { shopId: number }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const trust = useShopTrust(shopId).data;
  if (!trust) return <div className="seller-trust seller-trust--pending" aria-hidden="true" />;
  const minutes = trust.response_minutes;
  const time =
    minutes === null
      ? null
      : minutes < HOUR
        ? t('trust_minutes', { count: Math.max(1, minutes) })
        : minutes < 2 * DAY
          ? t('trust_hours', { count: Math.round(minutes / HOUR) })
          : t('duration_days', { count: Math.round(minutes / DAY) });
  return (
    <section className="seller-trust" aria-label={t('trust_heading')}>
      <ul className="seller-trust__list">
        <li>
          <RatingStars average={trust.rating_average} count={trust.rating_count} empty />
        </li>
        {trust.phone_verified_at && (
          <li>
            <VerifiedBadge verifiedAt={trust.phone_verified_at} />
          </li>
        )}
        {trust.member_since && (
          <li className="seller-trust__fact">
            <CalendarIcon size={16} />
            {t('member_since', { date: formatDate(trust.member_since, language) })}
          </li>
        )}
        <li className="seller-trust__fact" data-testid="response-time">
          <ChatIcon size={16} />
          {time ? t('trust_responds_in', { time }) : t('trust_no_response_time')}
        </li>
      </ul>
    </section>
  );
}
