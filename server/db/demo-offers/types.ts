// The shape of the demo data (DESIGN §10): what people post in Nouakchott, in Arabic and in
// French, with prices in MRU (new ouguiya) and the field values of the seeded catalogue.

export const NEIGHBOURHOODS = {
  tevraghZeina: { latitude: 18.1036, longitude: -15.9785 },
  ksar: { latitude: 18.1012, longitude: -15.9553 },
  sebkha: { latitude: 18.0738, longitude: -15.9853 },
  elMina: { latitude: 18.0492, longitude: -15.9744 },
  arafat: { latitude: 18.0441, longitude: -15.9467 },
  darNaim: { latitude: 18.1167, longitude: -15.9258 },
  toujounine: { latitude: 18.079, longitude: -15.895 },
  teyarett: { latitude: 18.133, longitude: -15.954 },
} as const;
export type Neighbourhood = keyof typeof NEIGHBOURHOODS;

/** The demo users (server/db/seed.ts), by a short key. */
export type DemoUserKey = 'mohamed' | 'mariem' | 'aicha' | 'sidi';

export interface DemoShop {
  key: string;
  owner: DemoUserKey;
  name: string;
  description: string;
  more_infos: string;
  phone: string;
  at: Neighbourhood;
  /** The seeded category it trades in. */
  category: string;
  /** Other demo users on its staff. */
  staff?: { user: DemoUserKey; role: 'admin' | 'moderator' | 'employee' }[];
}

/** Who posts: a professional shop by its key, or a demo user's personal shop. */
export type Poster = 'garage' | 'boutique' | 'immo' | DemoUserKey;

export interface DemoProduct {
  /** To refer to it below (commands, comments, reactions). */
  key?: string;
  by: Poster;
  type?: 'demand';
  sub: string;
  /** The poster's language: `name` is the name in it. */
  lang: 'ar' | 'fr';
  ar: string;
  fr: string;
  infosAr?: string;
  infosFr?: string;
  price?: number;
  negotiable?: boolean;
  used?: boolean;
  delivery?: boolean;
  rent?: 'monthly_rent' | 'hourly_rent';
  number?: number;
  fields?: Record<string, string | number | string[]>;
  /** Images of an offer (demands have none). */
  images?: 1 | 2 | 3;
  at?: Neighbourhood;
  /** A demand's maximum distance, km. */
  distance?: number;
}
