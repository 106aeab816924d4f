import type { Language } from '../constants';
import { distanceKm } from './route-mode';

// Mauritania's places for picking where an offer or a shop is (issue 20: places, not coordinates):
// the regional capitals and main towns, and Nouakchott's moughataas. Each has its names in both
// languages and a point near its centre; the point is what is stored (SPEC §3's latitude and
// longitude), the name is how people say it.

export interface Place {
  id: string;
  fr: string;
  ar: string;
  latitude: number;
  longitude: number;
  /** A neighbourhood's town. */
  town?: string;
}

/** Towns, largest first (the order of the picker). */
export const TOWNS: readonly Place[] = [
  { id: 'nouakchott', fr: 'Nouakchott', ar: 'نواكشوط', latitude: 18.0858, longitude: -15.9785 },
  { id: 'nouadhibou', fr: 'Nouadhibou', ar: 'نواذيبو', latitude: 20.931, longitude: -17.0347 },
  { id: 'rosso', fr: 'Rosso', ar: 'روصو', latitude: 16.5138, longitude: -15.805 },
  { id: 'kiffa', fr: 'Kiffa', ar: 'كيفة', latitude: 16.62, longitude: -11.4044 },
  { id: 'kaedi', fr: 'Kaédi', ar: 'كيهيدي', latitude: 16.1503, longitude: -13.5047 },
  { id: 'zouerate', fr: 'Zouérate', ar: 'ازويرات', latitude: 22.7354, longitude: -12.4714 },
  { id: 'nema', fr: 'Néma', ar: 'النعمة', latitude: 16.617, longitude: -7.25 },
  { id: 'atar', fr: 'Atar', ar: 'أطار', latitude: 20.517, longitude: -13.0499 },
  { id: 'aleg', fr: 'Aleg', ar: 'ألاك', latitude: 17.0531, longitude: -13.9131 },
  { id: 'selibaby', fr: 'Sélibaby', ar: 'سيلبابي', latitude: 15.1585, longitude: -12.1843 },
  { id: 'aioun', fr: 'Aïoun el Atrous', ar: 'العيون', latitude: 16.6614, longitude: -9.6149 },
  { id: 'boutilimit', fr: 'Boutilimit', ar: 'بوتلميت', latitude: 17.55, longitude: -14.7 },
  { id: 'boghe', fr: 'Boghé', ar: 'بوكي', latitude: 16.59, longitude: -14.27 },
  { id: 'tidjikja', fr: 'Tidjikja', ar: 'تجكجة', latitude: 18.5564, longitude: -11.4271 },
  { id: 'akjoujt', fr: 'Akjoujt', ar: 'أكجوجت', latitude: 19.747, longitude: -14.385 },
  { id: 'guerou', fr: 'Guérou', ar: 'كرو', latitude: 16.81, longitude: -11.83 },
  { id: 'chinguetti', fr: 'Chinguetti', ar: 'شنقيط', latitude: 20.46, longitude: -12.36 },
  { id: 'ouadane', fr: 'Ouadane', ar: 'وادان', latitude: 20.93, longitude: -11.62 },
];

/** Nouakchott's moughataas. */
export const NEIGHBOURHOODS: readonly Place[] = [
  {
    id: 'tevragh-zeina',
    fr: 'Tevragh Zeina',
    ar: 'تفرغ زينة',
    latitude: 18.1036,
    longitude: -15.9785,
  },
  { id: 'ksar', fr: 'Ksar', ar: 'لكصر', latitude: 18.1012, longitude: -15.9553 },
  { id: 'sebkha', fr: 'Sebkha', ar: 'السبخة', latitude: 18.0738, longitude: -15.9853 },
  { id: 'el-mina', fr: 'El Mina', ar: 'الميناء', latitude: 18.0492, longitude: -15.9744 },
  { id: 'arafat', fr: 'Arafat', ar: 'عرفات', latitude: 18.0441, longitude: -15.9467 },
  { id: 'dar-naim', fr: 'Dar Naïm', ar: 'دار النعيم', latitude: 18.1167, longitude: -15.9258 },
  { id: 'toujounine', fr: 'Toujounine', ar: 'توجنين', latitude: 18.079, longitude: -15.895 },
  { id: 'teyarett', fr: 'Teyarett', ar: 'تيارت', latitude: 18.133, longitude: -15.954 },
  { id: 'riyad', fr: 'Riyad', ar: 'الرياض', latitude: 18.01, longitude: -15.94 },
].map((place) => ({ ...place, town: 'nouakchott' }));

/** How far from a town's centre an offer still counts as in that town (the search's town filter). */
export const TOWN_RADIUS_KM = 15;
/** A point farther than this from every place is named by no place. */
const NAMED_WITHIN_KM = 25;

export const placeName = (place: Place, language: Language) => place[language];

export const townById = (id: string) => TOWNS.find((town) => town.id === id);
export const neighbourhoodsOf = (townId: string) =>
  NEIGHBOURHOODS.filter((place) => place.town === townId);

function nearest(places: readonly Place[], point: { latitude: number; longitude: number }) {
  let best: { place: Place; km: number } | null = null;
  for (const place of places) {
    const km = distanceKm(place, point);
    if (!best || km < best.km) best = { place, km };
  }
  return best;
}

/**
 * The town (and, in Nouakchott, the moughataa) a point is in, for saying where an offer is
 * instead of showing its coordinates; null when it is far from every known place.
 */
export function placeOf(point: {
  latitude: number;
  longitude: number;
}): { town: Place; neighbourhood: Place | null } | null {
  const town = nearest(TOWNS, point);
  if (!town || town.km > NAMED_WITHIN_KM) return null;
  const neighbourhood = nearest(neighbourhoodsOf(town.place.id), point);
  return { town: town.place, neighbourhood: neighbourhood?.place ?? null };
}
