import { lazy, Suspense, useState } from 'react';
import { afterDictionary } from '../lib/i18n';
import { useTranslation } from '../lib/use-translation';
import type { Point } from '../../shared/domain/route-mode';
import { CloseIcon, PinIcon } from './icons';
import { Loader } from './loader';
import { currentPosition } from './map/geolocation';
import { MapBoundary } from './map/map-boundary';
import './location-picker.css';
import { useHydrated } from '../lib/use-hydrated';

// A place picked on the map (shop forms): click to place the marker, drag to adjust, or take the
// device's position. Leaflet is in its own chunk, as for ShopMap.

const LeafletLocationPicker = lazy(() => afterDictionary(import('./map/leaflet-location-picker')));

/** Nouakchott: where the map opens when nothing is placed yet. */
export const DEFAULT_CENTER: Point = { latitude: 18.0858, longitude: -15.9785 };

interface LocationPickerProps {
  value: Point | null;
  onChange: (point: Point | null) => void;
  /** The id of the text that labels the picker (the field's label). */
  labelledBy?: string;
}

export function LocationPicker({ value, onChange, labelledBy }: LocationPickerProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [locating, setLocating] = useState(false);
  const [unavailable, setUnavailable] = useState(false);

  async function locateMe() {
    setLocating(true);
    setUnavailable(false);
    try {
      onChange(await currentPosition());
    } catch {
      // The visitor asked: say it did not work (the automatic route stays silent, SPEC §8).
      setUnavailable(true);
    } finally {
      setLocating(false);
    }
  }

  const placeholder = (
    <div className="map-frame map-frame--picker map-frame--placeholder">
      <Loader />
    </div>
  );
  return (
    <div className="location-picker" role="group" aria-labelledby={labelledBy}>
      <MapBoundary
        fallback={
          <p className="map-frame map-frame--placeholder map-frame--failed">
            {t('map_unavailable')}
          </p>
        }
      >
        <Suspense fallback={placeholder}>
          {hydrated ? (
            <LeafletLocationPicker value={value} onChange={onChange} center={DEFAULT_CENTER} />
          ) : (
            placeholder
          )}
        </Suspense>
      </MapBoundary>
      <div className="location-picker__bar">
        <p className="location-picker__value" aria-live="polite">
          {value ? (
            <>
              <PinIcon size={16} />
              <span dir="ltr">
                {value.latitude.toFixed(5)}, {value.longitude.toFixed(5)}
              </span>
            </>
          ) : (
            t('location_hint')
          )}
        </p>
        <div className="location-picker__actions">
          <button
            type="button"
            className="button button--secondary location-picker__button"
            onClick={locateMe}
            disabled={locating}
            aria-busy={locating}
          >
            {locating ? (
              <span className="loader__spinner loader__spinner--small" aria-hidden="true" />
            ) : (
              <PinIcon size={16} />
            )}
            {locating ? t('locating') : t('use_my_location')}
          </button>
          {value && (
            <button
              type="button"
              className="button button--ghost location-picker__button"
              onClick={() => onChange(null)}
            >
              <CloseIcon size={16} />
              {t('clear_location')}
            </button>
          )}
        </div>
      </div>
      {unavailable && (
        <p className="field__hint" role="status">
          {t('my_location_unavailable')}
        </p>
      )}
    </div>
  );
}
