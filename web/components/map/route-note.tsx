import { useTranslation } from '../../lib/use-translation';
import { MAP } from '../../../shared/constants';
import { formatNumber } from '../../lib/format';
import { isLanguage } from '../../lib/i18n';
import type { Point } from '../../../shared/domain/route-mode';
import type { VisitorRoute } from './visitor-route';
import './route-note.css';

/** Directions from `from` to `to` in OpenStreetMap's own site, which any browser opens. */
const directionsUrl = (from: Point, to: Point) =>
  `https://www.openstreetmap.org/directions?route=${from.latitude},${from.longitude};${to.latitude},${to.longitude}`;

/**
 * Under the map: how far the drawn route is and how long it takes, or why none is drawn; without
 * the routing service, the straight-line distance and a link to directions elsewhere.
 */
export function RouteNote({ route, to }: { route: VisitorRoute; to: Point }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  if (route.status === 'straight') {
    const km = Math.max(0.1, Math.round(route.meters / 100) / 10);
    return (
      <p className="map-note map-note--route" role="status" data-mode="straight">
        <span>{t('route_straight', { distance: formatNumber(km, language) })}</span>
        <a href={directionsUrl(route.from, to)} target="_blank" rel="noopener noreferrer">
          {t('route_open_in_maps')}
        </a>
      </p>
    );
  }
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
