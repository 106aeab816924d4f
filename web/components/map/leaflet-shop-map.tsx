import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { CircleMarker, MapContainer, Marker, Polyline, Tooltip, useMap } from 'react-leaflet';
import type { Point } from '../../../shared/domain/route-mode';
import { MapChrome, mapDefaults } from './leaflet-base';
import { RouteNote } from './route-note';
import { useVisitorRoute } from './visitor-route';
import '../location-picker.css';
import './leaflet-location-picker.css';

export interface LeafletShopMapProps extends Point {
  name: string;
  /** Draw a route from the visitor (professional shops, SPEC §2). */
  route: boolean;
}

/** Once a route is there, the map shows all of it, the shop and the visitor included. */
function FitRoute({ line }: { line: [number, number][] }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(latLngBounds(line), { padding: [24, 24], maxZoom: 17 });
  }, [map, line]);
  return null;
}

/** The shop's marker, and the route to it from the visitor. Loaded lazily (see shop-map.tsx). */
export default function LeafletShopMap({ name, latitude, longitude, route }: LeafletShopMapProps) {
  const { t } = useTranslation();
  const visitor = useVisitorRoute({ latitude, longitude }, route);
  return (
    <>
      <div className="map-frame" dir="ltr">
        <MapContainer
          {...mapDefaults}
          center={[latitude, longitude]}
          className="map"
          aria-label={t('map_of', { name })}
        >
          <MapChrome />
          <Marker position={[latitude, longitude]} title={name} alt={name} />
          {visitor.status === 'drawn' && (
            <>
              {/* Leaflet reads className once, when the line is made: a new mode, a new line. */}
              <Polyline
                key={visitor.mode}
                positions={visitor.line}
                className={`map__route map__route--${visitor.mode}`}
                pathOptions={{
                  color: '#0f766e',
                  weight: 5,
                  opacity: 0.85,
                  dashArray: visitor.mode === 'foot' ? '1 9' : undefined,
                  lineCap: 'round',
                }}
              />
              <CircleMarker
                center={[visitor.from.latitude, visitor.from.longitude]}
                radius={8}
                className="map__visitor"
                pathOptions={{
                  color: '#fff',
                  weight: 3,
                  fillColor: '#1d4ed8',
                  fillOpacity: 1,
                }}
              >
                <Tooltip>{t('your_position')}</Tooltip>
              </CircleMarker>
              <FitRoute line={visitor.line} />
            </>
          )}
        </MapContainer>
      </div>
      <RouteNote route={visitor} to={{ latitude, longitude }} />
    </>
  );
}
