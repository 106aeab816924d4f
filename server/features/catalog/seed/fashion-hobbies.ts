import { colour, itemType, material, size } from './common-fields';
import { category, flags, select, selectAsTyped, text, type SeedCategory } from './helpers';

// SPEC §3: fashion, baby, hobbies.

const gender = (values: string[]) => select('gender', values, { position: 'first' });

export const fashion: SeedCategory = category('fashion', flags('yes', 'no', 'yes', 'yes', 'yes'), [
  {
    name: 'men_clothing',
    fields: [
      itemType([
        'shirts',
        't_shirts',
        'trousers',
        'jeans',
        'suits',
        'jackets',
        'sportswear',
        'underwear',
        'other',
      ]),
      size(),
      colour(),
      material(['cotton', 'linen', 'wool', 'silk', 'synthetic', 'leather']),
    ],
  },
  {
    name: 'women_clothing',
    fields: [
      itemType(['dresses', 'abayas', 'skirts', 'blouses', 'trousers', 'sportswear', 'other']),
      size(),
      colour(),
      material(['cotton', 'linen', 'wool', 'silk', 'synthetic']),
    ],
  },
  {
    name: 'shoes',
    fields: [
      gender(['men', 'women', 'children']),
      itemType(['sandals', 'sneakers', 'dress_shoes', 'boots', 'slippers']),
      selectAsTyped(
        'shoe_size',
        Array.from({ length: 17 }, (_, i) => String(30 + i)),
        { position: 'second' },
      ),
      material(['leather', 'synthetic', 'fabric']),
      colour(),
    ],
  },
  {
    name: 'bags_accessories',
    fields: [
      itemType(['handbags', 'backpacks', 'travel_bags', 'wallets', 'belts', 'sunglasses']),
      material(['leather', 'synthetic', 'fabric']),
      colour(),
    ],
  },
  {
    name: 'watches_jewellery',
    fields: [
      itemType(['watches', 'rings', 'necklaces', 'bracelets', 'earrings']),
      gender(['men', 'women', 'unisex']),
      material(['gold', 'silver', 'stainless_steel', 'leather', 'other']),
    ],
  },
]);

const babyAge = () =>
  select(
    'age_range',
    ['age_0_6_months', 'age_6_12_months', 'age_1_2_years', 'age_2_4_years', 'age_4_plus_years'],
    { position: 'first' },
  );

export const baby: SeedCategory = category('baby', flags('yes', 'no', 'yes', 'yes', 'yes'), [
  {
    name: 'baby_clothing',
    fields: [babyAge(), gender(['boy', 'girl', 'unisex']), colour()],
  },
  {
    name: 'strollers_car_seats',
    fields: [itemType(['strollers', 'car_seats', 'baby_carriers']), colour()],
  },
  {
    name: 'baby_furniture',
    fields: [itemType(['cots', 'high_chairs', 'changing_tables', 'playpens', 'baby_walkers'])],
  },
  {
    name: 'baby_care',
    flags: { can_be_used: 'no' },
    fields: [
      itemType(['diapers', 'feeding_bottles', 'baby_formula', 'bath_items', 'baby_monitors']),
    ],
  },
  {
    name: 'toys',
    fields: [
      babyAge(),
      itemType([
        'educational_toys',
        'dolls',
        'toy_vehicles',
        'puzzles',
        'soft_toys',
        'outdoor_toys',
      ]),
    ],
  },
]);

export const hobbies: SeedCategory = category('hobbies', flags('yes', 'no', 'yes', 'yes', 'yes'), [
  {
    name: 'sports_fitness',
    fields: [
      select(
        'sport',
        ['football', 'basketball', 'fitness', 'running', 'martial_arts', 'swimming', 'other'],
        { position: 'first' },
      ),
    ],
  },
  {
    name: 'bicycles',
    fields: [
      select('bicycle_type', ['mountain_bike', 'city_bike', 'children_bike', 'electric_bike'], {
        position: 'first',
      }),
      selectAsTyped('wheel_size_inches', ['12', '16', '20', '24', '26', '27.5', '29']),
      colour(),
    ],
  },
  {
    name: 'books',
    fields: [
      select('book_language', ['arabic', 'french', 'english', 'other'], { position: 'first' }),
      select('book_genre', [
        'religious_books',
        'poetry',
        'novels',
        'history',
        'science',
        'schoolbooks',
        'children_books',
      ]),
      text('author', { position: 'third' }),
    ],
  },
  {
    name: 'musical_instruments',
    fields: [
      select(
        'instrument',
        ['tidinit', 'ardin', 'tbal', 'oud', 'guitar', 'keyboard', 'drums', 'other'],
        { position: 'first' },
      ),
    ],
  },
  {
    name: 'camping_outdoor',
    flags: { can_be_rented: 'yes' },
    fields: [
      itemType(['tents', 'sleeping_mats', 'coolers', 'lamps_torches', 'camping_stoves', 'other']),
    ],
  },
]);
