import { number, select, selectAsTyped, type SeedValue } from './helpers';

// Fields many subcategories share.

export const COLOURS = [
  'white',
  'black',
  'grey',
  'red',
  'blue',
  'green',
  'yellow',
  'beige',
  'brown',
  'orange',
  'pink',
  'purple',
  'multicolour',
];
export const colour = () => select('colour', COLOURS, { position: 'third' });

export const material = (values: string[]) => select('material', values, { position: 'second' });

/** Mauritania's main towns: where a property or a service is. */
export const city = () =>
  select(
    'city',
    [
      'nouakchott',
      'nouadhibou',
      'rosso',
      'kaedi',
      'kiffa',
      'zouerate',
      'atar',
      'nema',
      'aleg',
      'selibaby',
      'aioun',
      'tidjikja',
      'akjoujt',
      'boutilimit',
    ],
    { position: 'first' },
  );

export const itemType = (values: string[]) => select('item_type', values, { position: 'first' });

export const brands = (values: SeedValue[]) =>
  selectAsTyped('brand', values, { position: 'first' });

export const modelYear = () => number('model_year', { position: 'first' });
export const mileage = () => number('mileage', { mesure_unit: 'KM', position: 'second' });

export const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
export const size = () => selectAsTyped('size', CLOTHING_SIZES, { position: 'second' });

export const sex = () => select('sex', ['male', 'female'], { position: 'first' });
export const ageYears = () => number('age_years', { position: 'second' });

export const experienceYears = () => number('experience_years', { position: 'third' });
