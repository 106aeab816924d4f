import type { LeafletMouseEvent, Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import type { Point } from '../../../shared/domain/route-mode';
import { MapChrome, mapDefaults } from './leaflet-base';
import '../location-picker.css';
import './leaflet-location-picker.css';

export interface LeafletLocationPickerProps {
  value: Point | null;
  onChange: (point: Point) => void;
  /** Where the map opens when there is no value yet. */
  center: Point;
}

/** Six decimals: about 10 cm, more than any phone knows. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6;
const pointOf = (at: { lat: number; lng: number }): Point => ({
  latitude: rounded(at.lat),
  longitude: rounded(at.lng),
});

function ClickToPlace({ onChange }: { onChange: (point: Point) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onChange(pointOf(event.latlng)) });
  return null;
}

/** A point set from outside the map ('use my location') comes into view. */
function FollowValue({ value }: { value: Point | null }) {
  const map = useMap();
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    if (!map.getBounds().contains([latitude, longitude])) {
      map.setView([latitude, longitude], Math.max(map.getZoom(), mapDefaults.zoom));
    }
  }, [map, latitude, longitude]);
  return null;
}

/** Click (or tap) to place the marker; drag it to adjust. Loaded lazily (see location-picker.tsx). */
export default function LeafletLocationPicker({
  value,
  onChange,
  center,
}: LeafletLocationPickerProps) {
  const { t } = useTranslation();
  const handlers = useMemo(
    () => ({
      dragend: (event: { target: LeafletMarker }) => onChange(pointOf(event.target.getLatLng())),
    }),
    [onChange],
  );
  const start = value ?? center;
  return (
    <div className="map-frame map-frame--picker" dir="ltr">
      <MapContainer
        {...mapDefaults}
        center={[start.latitude, start.longitude]}
        className="map"
        aria-label={t('pick_location')}
      >
        <MapChrome />
        <ClickToPlace onChange={onChange} />
        <FollowValue value={value} />
        {value && (
          <Marker
            position={[value.latitude, value.longitude]}
            draggable
            eventHandlers={handlers}
            title={t('shop_location')}
            alt={t('shop_location')}
          />
        )}
      </MapContainer>
    </div>
  );
}
