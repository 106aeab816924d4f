import { useId, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import {
  NEIGHBOURHOODS,
  neighbourhoodsOf,
  placeName,
  placeOf,
  TOWNS,
  townById,
  type Place,
} from '../../shared/domain/places';
import type { Point } from '../../shared/domain/route-mode';
import { isLanguage } from '../lib/i18n';
import { joinList } from '../../shared/domain/language';
import { PinIcon } from './icons';
import { CompassIcon } from './page-icons';
import { LocationPicker } from './location-picker';
import { currentPosition } from './map/geolocation';
import './place-picker.css';

interface PlacePickerProps {
  value: Point | null;
  onChange: (point: Point | null) => void;
  /** The id of the text that labels the picker (the field's label). */
  labelledBy?: string;
  /** Whether the map shows at first (shop forms); otherwise behind 'choose on the map'. */
  mapOpen?: boolean;
}

/** Within this many degrees (about 50 m) a point is a place's own point, as picked from the list. */
const SAME_POINT = 0.0005;
const isAt = (point: Point | null, place: Place) =>
  !!point &&
  Math.abs(point.latitude - place.latitude) < SAME_POINT &&
  Math.abs(point.longitude - place.longitude) < SAME_POINT;
const pointOf = (place: Place): Point => ({
  latitude: place.latitude,
  longitude: place.longitude,
});

/**
 * Where an offer or a shop is, the way people say it (issue 20): a town, then in Nouakchott a
 * moughataa, from the list of shared/domain/places.ts; or a point on the map, or the device's
 * position. The stored value stays SPEC's latitude and longitude; the place's name is shown.
 */
export function PlacePicker({ value, onChange, labelledBy, mapOpen = false }: PlacePickerProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  const id = useId();
  const place = value ? placeOf(value) : null;
  const [townId, setTownId] = useState(place?.town.id ?? '');
  const [showMap, setShowMap] = useState(mapOpen);
  const [locating, setLocating] = useState(false);
  const neighbourhoods = neighbourhoodsOf(townId);
  const neighbourhoodId = NEIGHBOURHOODS.find((n) => n.town === townId && isAt(value, n))?.id ?? '';

  function chooseTown(next: string) {
    setTownId(next);
    const town = townById(next);
    onChange(town ? pointOf(town) : null);
  }

  function chooseNeighbourhood(next: string) {
    const chosen = NEIGHBOURHOODS.find((n) => n.id === next);
    const town = townById(townId);
    onChange(chosen ? pointOf(chosen) : town ? pointOf(town) : null);
  }

  function onMapChange(point: Point | null) {
    // A point placed by hand (or the device's) names its town in the list.
    setTownId(point ? (placeOf(point)?.town.id ?? '') : '');
    onChange(point);
  }

  async function locateMe() {
    setLocating(true);
    try {
      onMapChange(await currentPosition());
    } catch {
      // SPEC §8: a geolocation error is ignored silently.
    } finally {
      setLocating(false);
    }
  }

  return (
    <div className="place-picker" role="group" aria-labelledby={labelledBy}>
      <div className="place-picker__selects">
        <label className="field" htmlFor={`${id}-town`}>
          <span className="field__label">{t('place_town')}</span>
          <select
            id={`${id}-town`}
            className="field__input field__select"
            value={townId}
            onChange={(event) => chooseTown(event.target.value)}
          >
            <option value="">{t('place_choose_town')}</option>
            {TOWNS.map((town) => (
              <option key={town.id} value={town.id}>
                {placeName(town, language)}
              </option>
            ))}
          </select>
        </label>
        {neighbourhoods.length > 0 && (
          <label className="field" htmlFor={`${id}-neighbourhood`}>
            <span className="field__label">{t('place_neighbourhood')}</span>
            <select
              id={`${id}-neighbourhood`}
              className="field__input field__select"
              value={neighbourhoodId}
              onChange={(event) => chooseNeighbourhood(event.target.value)}
            >
              <option value="">{t('place_whole_town')}</option>
              {neighbourhoods.map((n) => (
                <option key={n.id} value={n.id}>
                  {placeName(n, language)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p className="place-picker__where" aria-live="polite">
        {place && (
          <>
            <PinIcon size={16} />
            {place.neighbourhood
              ? t('place_in', {
                  place: joinList(
                    [placeName(place.neighbourhood, language), placeName(place.town, language)],
                    language,
                  ),
                })
              : t('place_in', { place: placeName(place.town, language) })}
          </>
        )}
      </p>
      {showMap ? (
        <LocationPicker value={value} onChange={onMapChange} labelledBy={labelledBy} />
      ) : (
        <div className="place-picker__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setShowMap(true)}
          >
            <CompassIcon size={18} />
            {t('place_on_map')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={locateMe}
            disabled={locating}
            aria-busy={locating}
          >
            <PinIcon size={18} />
            {locating ? t('locating') : t('use_my_location')}
          </button>
        </div>
      )}
    </div>
  );
}
