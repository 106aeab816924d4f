import { brands, colour, itemType, material } from './common-fields';
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

// SPEC §3: multimedia, home goods, DIY.

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
