import { lazy, Suspense } from 'react';
import { afterDictionary } from '../lib/i18n';
import { useTranslation } from '../lib/use-translation';
import { Loader } from './loader';
import { MapBoundary } from './map/map-boundary';
import { MapPlace, mapsUrl } from './map/map-place';
import { PinIcon } from './icons';
import './location-picker.css';
import { useHydrated } from '../lib/use-hydrated';

// SPEC §2: the map of a shop (shop header, full offer view), with a route from the visitor for
// professional shops (SPEC §9). Leaflet is in its own chunk, fetched only when a map is shown.

const LeafletShopMap = lazy(() => afterDictionary(import('./map/leaflet-shop-map')));

export interface ShopMapProps {
  shop: {
    name: string;
    latitude: number | null;
    longitude: number | null;
    is_professional: boolean;
  };
  className?: string;
}

/**
 * Nothing for a shop without coordinates; its marker, and for professional shops the route; under
 * it the place in words with a link to a maps site. Until the page is hydrated (and for good with
 * scripts off, issue 35 item 12) the map's frame is a still picture linking there, not a spinner.
 */
export function ShopMap({ shop, className }: ShopMapProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (shop.latitude === null || shop.longitude === null) return null;
  const point = { latitude: shop.latitude, longitude: shop.longitude };
  const placeholder = (
    <div className="map-frame map-frame--placeholder">
      <Loader />
    </div>
  );
  // Hidden from screen readers and the tab order: the place line's link is the same one. Before
  // the app runs, a tap on it brings the app and the map (web/islands.tsx: data-app-placeholder);
  // with scripts off it opens the maps site.
  const still = (
    <a
      className="map-frame map-frame--placeholder map-frame--still"
      href={mapsUrl(point)}
      target="_blank"
      rel="noopener noreferrer"
      aria-hidden="true"
      tabIndex={-1}
      data-app-placeholder=""
    >
      <PinIcon size={32} />
      <span className="map-frame__caption">{t('map_show')}</span>
    </a>
  );
  return (
    <div className={['shop-map', className].filter(Boolean).join(' ')}>
      <MapBoundary
        fallback={
          <p className="map-frame map-frame--placeholder map-frame--failed">
            {t('map_unavailable')}
          </p>
        }
      >
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <LeafletShopMap
              name={shop.name}
              latitude={shop.latitude}
              longitude={shop.longitude}
              route={shop.is_professional}
            />
          </Suspense>
        ) : (
          still
        )}
      </MapBoundary>
      <MapPlace point={point} />
    </div>
  );
}
