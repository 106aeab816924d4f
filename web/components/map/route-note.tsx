import { useTranslation } from 'react-i18next';
import { MAP } from '../../../shared/constants';
import { formatNumber } from '../../lib/format';
import { isLanguage } from '../../lib/i18n';
import type { VisitorRoute } from './visitor-route';

/** Under the map: how far the drawn route is and how long it takes, or why none is drawn. */
export function RouteNote({ route }: { route: VisitorRoute }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  if (route.status === 'too_far') {
    return (
      <p className="map-note" role="status">
        {t('route_too_far', { km: MAP.routeMaxKm })}
      </p>
    );
  }
  if (route.status !== 'drawn') return <p className="map-note" role="status" hidden />;
  const distance =
    route.meters < 1000
      ? t('distance_m', { distance: formatNumber(Math.round(route.meters / 10) * 10, language) })
      : t('distance_km', {
          distance: formatNumber(Math.round(route.meters / 100) / 10, language),
        });
  const minutes = Math.max(1, Math.round(route.seconds / 60));
  return (
    <p className="map-note map-note--route" role="status" data-mode={route.mode}>
      <strong>{route.mode === 'foot' ? t('route_walking') : t('route_driving')}</strong>
      <span>
        {distance} · {t('duration_minutes', { count: minutes })}
      </span>
    </p>
  );
}
