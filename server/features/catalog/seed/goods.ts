import { brands, colour, itemType, material, size } from './common-fields';
import {
  category,
  flags,
  number,
  radio,
  select,
  selectAsTyped,
  text,
  type SeedCategory,
} from './helpers';

// SPEC §3: multimedia, home goods, DIY, fashion, baby, hobbies.

const storage = (values: string[]) =>
  selectAsTyped('storage', values, { mesure_unit: 'GB', position: 'second' });
const ram = (values: string[]) =>
  selectAsTyped('ram', values, { mesure_unit: 'GB', position: 'second' });

export const multimedia: SeedCategory = category(
  'multimedia',
  flags('yes', 'no', 'yes', 'yes', 'yes'),
  [
    {
      name: 'phones',
      fields: [
        brands([
          'Samsung',
          'Apple',
          'Tecno',
          'Infinix',
          'Itel',
          'Huawei',
          'Xiaomi',
          'Oppo',
          'Nokia',
        ]),
        text('model', { position: 'first' }),
        storage(['16', '32', '64', '128', '256', '512', '1024']),
        ram(['2', '3', '4', '6', '8', '12', '16']),
        radio('sim', ['single_sim', 'dual_sim'], { position: 'third' }),
        colour(),
      ],
    },
    {
      name: 'computers',
      fields: [
        select('computer_type', ['laptop', 'desktop', 'all_in_one'], { position: 'first' }),
        brands(['HP', 'Dell', 'Lenovo', 'Apple', 'Asus', 'Acer', 'Toshiba', 'MSI']),
        text('processor'),
        number('processor_speed', { mesure_unit: 'GHz' }),
        ram(['4', '8', '16', '32', '64']),
        storage(['128', '256', '512', '1000', '2000']),
      ],
    },
    {
      name: 'tablets',
      fields: [
        brands(['Samsung', 'Apple', 'Huawei', 'Lenovo', 'Xiaomi']),
        storage(['16', '32', '64', '128', '256', '512']),
        ram(['2', '3', '4', '6', '8', '12']),
        radio('connectivity', ['wifi_only', 'wifi_cellular'], { position: 'third' }),
      ],
    },
    {
      name: 'tvs',
      fields: [
        brands(['Samsung', 'LG', 'Sony', 'TCL', 'Hisense', 'Philips']),
        number('screen_size_inches', { position: 'first' }),
        selectAsTyped('screen_type', ['LED', 'QLED', 'OLED', 'LCD']),
        radio('smart_tv', ['smart', 'not_smart']),
      ],
    },
    {
      name: 'cameras',
      flags: { can_be_rented: 'yes' },
      fields: [
        select(
          'camera_type',
          ['dslr', 'mirrorless', 'compact', 'action_camera', 'surveillance_camera'],
          { position: 'first' },
        ),
        brands(['Canon', 'Nikon', 'Sony', 'Fujifilm', 'GoPro', 'Hikvision']),
        number('resolution', { mesure_unit: 'Mpx' }),
      ],
    },
    {
      name: 'video_games',
      fields: [
        selectAsTyped(
          'platform',
          ['PlayStation 5', 'PlayStation 4', 'Xbox Series', 'Xbox One', 'Nintendo Switch', 'PC'],
          { position: 'first' },
        ),
        itemType(['consoles', 'games', 'controllers_accessories']),
      ],
    },
    {
      name: 'multimedia_accessories',
      fields: [
        itemType([
          'chargers_cables',
          'headphones',
          'phone_cases',
          'speakers',
          'power_banks',
          'memory_cards',
          'other',
        ]),
        text('compatible_brand'),
      ],
    },
  ],
);

export const homeGoods: SeedCategory = category(
  'home_goods',
  flags('yes', 'no', 'yes', 'yes', 'yes'),
  [
    {
      name: 'furniture',
      fields: [
        itemType([
          'sofas',
          'floor_seating',
          'beds',
          'mattresses',
          'wardrobes',
          'tables',
          'chairs',
          'shelves',
          'other',
        ]),
        material(['wood', 'metal', 'plastic', 'glass', 'fabric', 'leather']),
        colour(),
      ],
    },
    {
      name: 'appliances',
      fields: [
        itemType([
          'refrigerators',
          'freezers',
          'washing_machines',
          'air_conditioners',
          'cookers',
          'gas_cylinders',
          'microwaves',
          'fans',
          'water_dispensers',
          'other',
        ]),
        text('brand', { position: 'first' }),
        number('capacity_litres', { mesure_unit: 'L', position: 'third' }),
      ],
    },
    {
      name: 'kitchenware',
      fields: [
        itemType(['pots_pans', 'dishes', 'glasses', 'cutlery', 'small_appliances', 'other']),
        material(['stainless_steel', 'aluminium', 'ceramic', 'glass', 'plastic', 'copper']),
      ],
    },
    {
      name: 'decoration',
      fields: [
        itemType(['carpets', 'curtains', 'lighting', 'mirrors', 'wall_decor', 'other']),
        colour(),
      ],
    },
    {
      name: 'bedding_linen',
      fields: [
        itemType(['sheets', 'blankets', 'pillows', 'towels', 'other']),
        material(['cotton', 'wool', 'synthetic']),
        colour(),
      ],
    },
  ],
);

export const diy: SeedCategory = category('diy', flags('yes', 'yes', 'yes', 'yes', 'yes'), [
  {
    name: 'tools',
    fields: [
      itemType([
        'power_tools',
        'hand_tools',
        'welding_equipment',
        'measuring_tools',
        'ladders',
        'other',
      ]),
      select('power_source', ['mains_electric', 'battery', 'petrol', 'manual']),
      text('brand', { position: 'third' }),
    ],
  },
  {
    name: 'building_materials',
    flags: { can_be_rented: 'no' },
    fields: [
      itemType([
        'cement',
        'bricks',
        'iron_bars',
        'sand_gravel',
        'timber',
        'tiles',
        'paint',
        'other',
      ]),
    ],
  },
  {
    name: 'plumbing_electricity',
    flags: { can_be_rented: 'no' },
    fields: [
      itemType([
        'pipes_fittings',
        'taps_sinks',
        'water_tanks',
        'water_pumps',
        'water_heaters',
        'cables',
        'switches_sockets',
        'other',
      ]),
    ],
  },
  {
    name: 'solar_energy',
    flags: { can_be_rented: 'no' },
    fields: [
      itemType([
        'solar_panels',
        'solar_batteries',
        'inverters',
        'charge_controllers',
        'solar_kits',
      ]),
      number('power_watts'),
    ],
  },
  {
    name: 'doors_windows',
    flags: { can_be_rented: 'no' },
    fields: [
      itemType(['doors', 'windows', 'gates', 'grilles']),
      material(['aluminium', 'metal', 'wood', 'glass']),
    ],
  },
]);

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
