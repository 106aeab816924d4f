import { useTranslation } from '../../lib/use-translation';
import { isLanguage } from '../../lib/i18n';
import { placeName, placeOf } from '../../../shared/domain/places';
import { joinList } from '../../../shared/domain/language';
import type { Point } from '../../../shared/domain/route-mode';
import { PinIcon } from '../icons';
import './map-place.css';

/** The point on OpenStreetMap's own site, which any browser (and a phone's maps app) opens. */
export const mapsUrl = ({ latitude, longitude }: Point) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;

/**
 * Issue 35 item 12: where a shop is, in words, and a link to see it in a maps site. Plain server
 * HTML, so it works with scripts off (where the interactive map never comes); with scripts, it
 * stays under the map. A point far from every known place is given by its coordinates.
 */
export function MapPlace({ point }: { point: Point }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const place = placeOf(point);
  const where = place
    ? t('place_in', {
        place: joinList(
          [place.neighbourhood, place.town]
            .filter((p) => p !== null)
            .map((p) => placeName(p, language)),
          language,
        ),
      })
    : null;
  return (
    <p className="map-place">
      <PinIcon size={16} />
      {where ? (
        <bdi className="map-place__name">{where}</bdi>
      ) : (
        <bdi className="map-place__name" dir="ltr">
          {point.latitude.toFixed(4)}, {point.longitude.toFixed(4)}
        </bdi>
      )}
      <a
        className="map-place__link"
        href={mapsUrl(point)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('map_open_in_maps')}
      </a>
    </p>
  );
}
