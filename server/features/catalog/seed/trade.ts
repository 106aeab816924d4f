import {
  ageYears,
  brands,
  city,
  colour,
  experienceYears,
  itemType,
  material,
  modelYear,
  sex,
  size,
} from './common-fields';
import { category, flags, number, radio, select, text, type SeedCategory } from './helpers';

// SPEC §3: professional equipment, food, animals, beauty, traditional items, services.

export const professionalEquipment: SeedCategory = category(
  'professional_equipment',
  flags('yes', 'yes', 'yes', 'yes', 'yes'),
  [
    {
      name: 'construction_machinery',
      flags: { can_be_delivered: 'no', can_be_counted: 'no' },
      fields: [
        select(
          'machine_type',
          ['excavator', 'loader', 'bulldozer', 'crane', 'concrete_mixer', 'compactor', 'other'],
          { position: 'first' },
        ),
        brands(['Caterpillar', 'Komatsu', 'JCB', 'Volvo', 'Hitachi', 'Liebherr', 'Doosan']),
        modelYear(),
        number('operating_hours'),
      ],
    },
    {
      name: 'agricultural_equipment',
      fields: [
        select(
          'machine_type',
          ['tractor', 'water_pump', 'irrigation_equipment', 'harvester', 'plough', 'sprayer'],
          { position: 'first' },
        ),
        modelYear(),
      ],
    },
    {
      name: 'generators',
      fields: [
        number('power_kva', { position: 'first' }),
        select('fuel', ['petrol', 'diesel']),
        text('brand', { position: 'third' }),
      ],
    },
    {
      name: 'shop_office_equipment',
      fields: [
        itemType([
          'printers',
          'photocopiers',
          'cash_registers',
          'shelving',
          'safes',
          'office_furniture',
          'other',
        ]),
      ],
    },
    {
      name: 'restaurant_equipment',
      fields: [
        itemType([
          'ovens',
          'commercial_cookers',
          'display_fridges',
          'coffee_machines',
          'fryers',
          'other',
        ]),
      ],
    },
    {
      name: 'fishing_equipment',
      fields: [
        itemType(['fishing_nets', 'outboard_engines', 'lines_hooks', 'cold_boxes', 'other']),
      ],
    },
  ],
);

// Food is sold new, by weight or volume.
export const food: SeedCategory = category('food', flags('no', 'no', 'yes', 'yes', 'yes'), [
  {
    name: 'dates',
    mesure_unit: 'KG',
    fields: [select('origin', ['adrar', 'tagant', 'assaba', 'imported'], { position: 'first' })],
  },
  {
    name: 'meat_fish',
    mesure_unit: 'KG',
    fields: [
      itemType([
        'camel_meat',
        'beef',
        'mutton',
        'goat_meat',
        'chicken',
        'fish',
        'dried_meat',
        'dried_fish',
      ]),
    ],
  },
  {
    name: 'dairy',
    mesure_unit: 'L',
    fields: [itemType(['camel_milk', 'cow_milk', 'goat_milk', 'curdled_milk', 'butter', 'cheese'])],
  },
  {
    name: 'rice_cereals',
    mesure_unit: 'KG',
    fields: [
      itemType(['rice', 'wheat_flour', 'couscous', 'millet', 'maize', 'pasta']),
      select('origin', ['local_produce', 'imported']),
    ],
  },
  {
    name: 'fruits_vegetables',
    mesure_unit: 'KG',
    fields: [itemType(['fruits', 'vegetables', 'herbs'])],
  },
  {
    name: 'tea_coffee_sugar',
    mesure_unit: 'KG',
    fields: [itemType(['green_tea', 'sugar', 'mint', 'coffee', 'spices'])],
  },
]);

const species = (values: string[]) => select('species', values, { position: 'first' });

export const animals: SeedCategory = category('animals', flags('no', 'no', 'yes', 'yes', 'yes'), [
  {
    name: 'camels',
    fields: [
      sex(),
      ageYears(),
      select('camel_use', ['for_milk', 'for_racing', 'for_meat', 'for_breeding', 'for_transport']),
    ],
  },
  {
    name: 'goats_sheep',
    fields: [
      species(['sheep', 'goats']),
      select('breed', ['local_breed', 'ladoum', 'other']),
      sex(),
      ageYears(),
    ],
  },
  { name: 'cattle', fields: [sex(), ageYears()] },
  { name: 'horses_donkeys', fields: [species(['horses', 'donkeys']), sex(), ageYears()] },
  {
    name: 'poultry',
    fields: [species(['chickens', 'ducks', 'pigeons', 'guinea_fowl', 'turkeys'])],
  },
  {
    name: 'pets',
    fields: [species(['cats', 'dogs', 'birds', 'aquarium_fish', 'other']), sex(), ageYears()],
  },
  {
    name: 'animal_feed_supplies',
    fields: [itemType(['animal_feed', 'cages_enclosures', 'veterinary_products', 'other'])],
  },
]);

export const beauty: SeedCategory = category('beauty', flags('no', 'no', 'yes', 'yes', 'yes'), [
  {
    name: 'perfumes',
    fields: [
      select('perfume_type', ['eau_de_parfum', 'perfume_oil', 'body_mist', 'gift_set'], {
        position: 'first',
      }),
      select('gender', ['men', 'women', 'unisex']),
      text('brand', { position: 'third' }),
    ],
  },
  {
    name: 'incense',
    fields: [itemType(['frankincense', 'oud_wood', 'bakhoor', 'incense_burners'])],
  },
  {
    name: 'makeup_henna',
    fields: [itemType(['makeup', 'henna', 'nail_care', 'other'])],
  },
  {
    name: 'skin_hair_care',
    fields: [
      itemType(['creams_lotions', 'soaps', 'shampoos', 'hair_oils', 'shea_butter', 'other']),
    ],
  },
  {
    name: 'beauty_appliances',
    flags: { can_be_used: 'yes' },
    fields: [itemType(['hair_dryers', 'hair_straighteners', 'shavers', 'hair_clippers', 'other'])],
  },
]);

export const traditionalItems: SeedCategory = category(
  'traditional_items',
  flags('yes', 'no', 'yes', 'yes', 'yes'),
  [
    {
      name: 'melhfa',
      fields: [
        select('fabric', ['voile', 'cotton', 'khent', 'silk', 'other'], { position: 'first' }),
        colour(),
      ],
    },
    {
      name: 'daraa',
      fields: [
        select('fabric', ['bazin', 'cotton', 'silk', 'other'], { position: 'first' }),
        size(),
        radio('embroidery', ['embroidered', 'plain']),
        colour(),
      ],
    },
    {
      name: 'tea_sets',
      fields: [
        itemType(['teapots', 'tea_glasses', 'tea_trays', 'full_tea_sets', 'braziers']),
        material(['silver', 'stainless_steel', 'copper', 'glass', 'other']),
      ],
    },
    {
      name: 'tents_khaima',
      flags: { can_be_rented: 'yes', can_be_delivered: 'yes' },
      fields: [
        select('tent_size', ['small', 'medium', 'large'], { position: 'first' }),
        material(['wool', 'cotton', 'synthetic']),
        number('capacity'),
      ],
    },
    {
      name: 'traditional_jewellery',
      fields: [
        itemType(['necklaces', 'bracelets', 'rings', 'earrings', 'anklets']),
        material(['silver', 'gold', 'amber', 'other']),
      ],
    },
    {
      name: 'crafts_leather',
      fields: [
        itemType([
          'leather_cushions',
          'leather_bags',
          'sandals',
          'woven_mats',
          'wooden_crafts',
          'other',
        ]),
      ],
    },
  ],
);

const serviceType = (values: string[]) => select('service_type', values, { position: 'first' });

// Services are priced by the hour (HO), the day (DA) or the month (MO); nothing is delivered
// or counted.
export const services: SeedCategory = category('services', flags('no', 'yes', 'no', 'yes', 'no'), [
  {
    name: 'home_repairs',
    mesure_unit: 'HO',
    fields: [
      serviceType([
        'plumbing',
        'electrical_work',
        'masonry',
        'painting',
        'carpentry',
        'welding',
        'air_conditioning_repair',
      ]),
      city(),
      experienceYears(),
    ],
  },
  {
    name: 'cleaning',
    mesure_unit: 'HO',
    fields: [
      serviceType(['home_cleaning', 'office_cleaning', 'carpet_cleaning', 'laundry']),
      city(),
    ],
  },
  {
    name: 'transport_moving',
    mesure_unit: 'DA',
    fields: [
      serviceType(['house_moving', 'goods_transport', 'passenger_transport', 'water_delivery']),
      city(),
    ],
  },
  {
    name: 'lessons_tutoring',
    mesure_unit: 'HO',
    fields: [
      select(
        'subject',
        ['quran', 'arabic', 'french', 'english', 'mathematics', 'physics_chemistry', 'computing'],
        { position: 'first' },
      ),
      select('level', ['primary', 'secondary', 'university']),
      radio('lesson_place', ['at_home', 'online']),
    ],
  },
  {
    name: 'events',
    mesure_unit: 'DA',
    fields: [
      serviceType([
        'catering',
        'photography_video',
        'sound_music',
        'event_decoration',
        'tent_rental',
        'wedding_planning',
      ]),
      city(),
    ],
  },
  {
    name: 'household_staff',
    mesure_unit: 'MO',
    fields: [
      serviceType(['housekeeper', 'cook', 'nanny', 'driver', 'guard', 'gardener']),
      city(),
      experienceYears(),
    ],
  },
  {
    name: 'car_services',
    mesure_unit: 'HO',
    fields: [
      serviceType(['car_mechanics', 'car_electrics', 'bodywork', 'tyre_repair', 'car_wash']),
      city(),
    ],
  },
  {
    name: 'tech_services',
    mesure_unit: 'HO',
    fields: [
      serviceType([
        'phone_repair',
        'computer_repair',
        'software_installation',
        'web_development',
        'graphic_design',
      ]),
      experienceYears(),
    ],
  },
]);
