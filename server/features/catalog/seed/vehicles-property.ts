import { brands, city, colour, itemType, mileage, modelYear } from './common-fields';
import {
  category,
  checkbox,
  flags,
  number,
  radio,
  select,
  text,
  withModels,
  type SeedCategory,
} from './helpers';

// SPEC §3: vehicles and real estate.

const fuel = () => select('fuel', ['petrol', 'diesel', 'hybrid', 'electric']);
const gearbox = () => select('gearbox', ['manual', 'automatic']);

export const vehicles: SeedCategory = category('vehicles', flags('yes', 'yes', 'no', 'yes', 'no'), [
  {
    name: 'cars',
    fields: [
      brands([
        withModels('Toyota', [
          'Hilux',
          'Land Cruiser',
          'Prado',
          'Corolla',
          'Camry',
          'RAV4',
          'Yaris',
          'Avensis',
          'Hiace',
        ]),
        withModels('Mercedes', ['190', 'C-Class', 'E-Class', 'ML', 'G-Class', 'Sprinter']),
        withModels('Hyundai', ['Accent', 'Elantra', 'Tucson', 'Santa Fe', 'H-1']),
        withModels('Kia', ['Picanto', 'Rio', 'Sportage', 'Sorento']),
        withModels('Nissan', ['Sunny', 'X-Trail', 'Navara', 'Patrol']),
        withModels('Peugeot', ['206', '301', '307', '406', '508', 'Partner']),
        withModels('Renault', ['Clio', 'Logan', 'Symbol', 'Megane', 'Duster']),
        withModels('Mitsubishi', ['Lancer', 'L200', 'Pajero']),
        withModels('Ford', ['Focus', 'Ranger', 'Explorer']),
        withModels('Honda', ['Civic', 'Accord', 'CR-V']),
        withModels('Volkswagen', ['Golf', 'Passat', 'Touareg']),
        withModels('Suzuki', ['Swift', 'Vitara', 'Jimny']),
      ]),
      modelYear(),
      mileage(),
      fuel(),
      gearbox(),
      select('vehicle_type', [
        'sedan',
        'hatchback',
        'station_wagon',
        'suv',
        'pickup',
        'minibus',
        'van',
      ]),
      radio('customs', ['customs_cleared', 'not_customs_cleared'], { position: 'third' }),
      colour(),
      checkbox(
        'car_features',
        [
          'air_conditioning',
          'four_wheel_drive',
          'gps',
          'sunroof',
          'leather_seats',
          'reversing_camera',
        ],
        { position: 'third' },
      ),
    ],
  },
  {
    name: 'motorcycles',
    fields: [
      brands(['Honda', 'Yamaha', 'Suzuki', 'Haojue', 'TVS', 'Bajaj', 'Kawasaki']),
      select('motorcycle_type', ['motorbike', 'scooter', 'quad', 'tricycle'], {
        position: 'first',
      }),
      modelYear(),
      mileage(),
      colour(),
    ],
  },
  {
    name: 'trucks',
    fields: [
      brands([
        'Mercedes',
        'Renault',
        'Volvo',
        'MAN',
        'Iveco',
        'DAF',
        'Isuzu',
        'Mitsubishi',
        'Hino',
      ]),
      select('truck_type', [
        'tipper',
        'tanker',
        'flatbed',
        'box_truck',
        'refrigerated',
        'tractor_unit',
      ]),
      modelYear(),
      mileage(),
      number('payload', { mesure_unit: 'KG' }),
      gearbox(),
    ],
  },
  {
    name: 'boats',
    fields: [
      select('boat_type', ['pirogue', 'fishing_boat', 'leisure_boat', 'jet_ski'], {
        position: 'first',
      }),
      number('length', { mesure_unit: 'M' }),
      radio('engine', ['with_engine', 'without_engine']),
      modelYear(),
    ],
  },
  {
    name: 'spare_parts',
    flags: { can_be_rented: 'no', can_be_delivered: 'yes', can_be_counted: 'yes' },
    fields: [
      itemType([
        'engine_parts',
        'body_parts',
        'tyres_rims',
        'batteries',
        'lights',
        'electrical_parts',
        'suspension_brakes',
        'filters_oils',
        'interior_parts',
        'other',
      ]),
      text('compatible_brand'),
    ],
  },
  {
    name: 'vehicle_accessories',
    flags: { can_be_rented: 'no', can_be_delivered: 'yes', can_be_counted: 'yes' },
    fields: [
      itemType(['car_audio', 'seat_covers', 'gps_trackers', 'dashcams', 'roof_racks', 'other']),
    ],
  },
]);

const rooms = () => number('rooms', { position: 'first' });
const surface = () => number('surface', { mesure_unit: 'M2', position: 'first' });
const bathrooms = () => number('bathrooms');
const furnished = () => radio('furnishing', ['furnished', 'unfurnished']);
const documentType = () =>
  select('document_type', ['land_title', 'occupancy_permit', 'no_document'], {
    position: 'third',
  });
const amenities = (extra: string[] = []) =>
  checkbox(
    'amenities',
    [
      'running_water',
      'electricity',
      'air_conditioning',
      'garage',
      'garden',
      'solar_panels',
      ...extra,
    ],
    { position: 'third' },
  );

export const realEstate: SeedCategory = category(
  'real_estate',
  flags('no', 'yes', 'no', 'yes', 'no'),
  [
    {
      name: 'houses',
      fields: [
        city(),
        rooms(),
        surface(),
        bathrooms(),
        number('floors'),
        furnished(),
        amenities(),
        documentType(),
      ],
    },
    {
      name: 'apartments',
      fields: [
        city(),
        rooms(),
        surface(),
        bathrooms(),
        number('floor'),
        furnished(),
        amenities(['elevator']),
      ],
    },
    {
      name: 'land',
      fields: [
        city(),
        surface(),
        select('land_type', ['residential_land', 'commercial_land', 'agricultural_land']),
        documentType(),
      ],
    },
    {
      name: 'shops_offices',
      fields: [
        city(),
        surface(),
        select('premises_type', ['shop_premises', 'office', 'warehouse', 'restaurant_premises']),
        number('floor'),
      ],
    },
    {
      name: 'rooms',
      fields: [
        city(),
        surface(),
        furnished(),
        radio('bathroom', ['private_bathroom', 'shared_bathroom']),
      ],
    },
    {
      name: 'holiday_rentals',
      fields: [city(), rooms(), number('capacity'), amenities()],
    },
  ],
);
