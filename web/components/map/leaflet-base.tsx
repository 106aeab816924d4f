import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useTranslation } from '../../lib/use-translation';
import { AttributionControl, TileLayer, ZoomControl } from 'react-leaflet';
import { MAP } from '../../../shared/constants';
import { mapConfig } from './map-config';

// What every map of the app shares (this module is only ever loaded in the map's own chunk).

/**
 * Leaflet finds its marker images through a CSS url that a bundler rewrites; importing them lets
 * Vite ship them (inlined or hashed) and the icon points at what was shipped.
 */
export const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});
L.Marker.prototype.options.icon = markerIcon;

/** Props every MapContainer of the app takes (SPEC §9: zoom 13, from 3 to 20). */
export const mapDefaults = {
  zoom: MAP.zoom,
  minZoom: MAP.minZoom,
  maxZoom: MAP.maxZoom,
  // Controls are added by <MapChrome>, on the sides that suit the page's direction.
  zoomControl: false,
  attributionControl: false,
  // A page scrolls past the map; two fingers or the buttons zoom it.
  scrollWheelZoom: false,
} as const;

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * Tiles from TILE_URL and the controls, mirrored with the page: zoom at the start of the line
 * (left in French, right in Arabic), attribution at the end.
 */
export function MapChrome() {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  return (
    <>
      <TileLayer url={mapConfig().tileUrl} attribution={ATTRIBUTION} maxZoom={MAP.maxZoom} />
      <ZoomControl
        position={rtl ? 'topright' : 'topleft'}
        zoomInTitle={t('zoom_in')}
        zoomOutTitle={t('zoom_out')}
      />
      <AttributionControl position={rtl ? 'bottomleft' : 'bottomright'} />
    </>
  );
}
