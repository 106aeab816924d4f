import type { DemoShop } from './types';

/** The professional demo shops, each trading in one seeded category. */
export const DEMO_SHOPS: DemoShop[] = [
  {
    key: 'garage',
    owner: 'sidi',
    name: 'Garage Ennour Auto',
    description: 'Vente et location de voitures, pièces détachées — بيع وتأجير السيارات',
    more_infos: 'Ouvert du samedi au jeudi, 9h–19h. Carrefour Madrid, Tevragh Zeina.',
    phone: '36201234',
    at: 'tevraghZeina',
    category: 'vehicles',
    staff: [{ user: 'mohamed', role: 'employee' }],
  },
  {
    key: 'boutique',
    owner: 'aicha',
    name: 'Boutique Aïcha — ملاحف ودراريع',
    description: 'Melhfas, daraas, parfums et encens — ملاحف، دراريع، عطور وبخور',
    more_infos: 'Marché Capitale, Ksar. Livraison dans tout Nouakchott.',
    phone: '46307788',
    at: 'ksar',
    category: 'traditional_items',
  },
  {
    key: 'immo',
    owner: 'mohamed',
    name: 'Immobilière El Baraka — عقارات البركة',
    description: 'Appartements, maisons et terrains à vendre ou à louer',
    more_infos: 'Agence agréée, Arafat, près du carrefour Bamako.',
    phone: '22451290',
    at: 'arafat',
    category: 'real_estate',
    staff: [{ user: 'mariem', role: 'moderator' }],
  },
];
