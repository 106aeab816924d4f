import type { z } from 'zod';
import {
  productCardSchema,
  productSchema,
  type Product,
  type ProductCard,
} from '../../shared/schemas/products';

// The one factory of test offers (issue 33 item 7): every card and full offer a web test uses is
// built here and parsed by the shared schema the server answers with, strictly (no key the
// contract lacks), so a changed contract breaks the tests that depend on it instead of letting
// a hand-made object drift from what the server sends. Nested parts are merged field by field:
// `aProduct({ shop: { name: 'Boutique' } })`.

type Nested<T, K extends keyof T> = Omit<Partial<T>, K> & { [P in K]?: Partial<T[P]> };
export type CardOverrides = Nested<ProductCard, 'shop'>;
export type ProductOverrides = Nested<Product, 'shop' | 'psubcategory'>;

/** Parses strictly at the top level (zod strips unknown nested keys; the top is what drifts). */
function strictly<S extends z.ZodObject>(schema: S, value: unknown): z.infer<S> {
  return schema.strict().parse(value) as z.infer<S>;
}

/** Fresh each time: its dates are relative to now (tests may move the clock). */
const cardDefaults = (): ProductCard =>
  productCardSchema.parse({
    id: 42,
    type: 'offer',
    name: 'Toyota Hilux 2019',
    name_ar: 'تويوتا هيلوكس 2019',
    name_fr: 'Toyota Hilux 2019 (très bon état)',
    price: 1_250_000,
    offer_type: 'sale',
    unit: null,
    negotiable: 'yes',
    number: 1,
    sold_count: 0,
    sold: false,
    psubcategory_id: 3,
    image: '/media/0123456789abcdef0123456789abcdef-small.webp',
    image_file: {
      url: '/media/0123456789abcdef0123456789abcdef.webp',
      small_url: '/media/0123456789abcdef0123456789abcdef-small.webp',
      width: 2048,
      height: 1536,
      small_width: 480,
      small_height: 360,
    },
    shop: {
      id: 5,
      name: 'Garage Sahel',
      logo: null,
      logo_url: null,
      logo_small_url: null,
      phone_1: null,
      first_whatsapp_number: null,
      has_phone: true,
      is_professional: true,
    },
    saved_count: 2,
    comments_count: 4,
    commands_count: 1,
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    updated_at: new Date(Date.now() - 3600_000).toISOString(),
    like_count: 3,
    haha_count: 0,
    love_count: 1,
    wow_count: 0,
    sad_count: 0,
    angry_count: 0,
    reactions_count: 4,
    top: ['like', 'love'],
    saved: false,
    reported: false,
    reaction: null,
  });

const PRODUCT_EXTRA = {
  user_id: 3,
  shop_id: 5,
  more_infos_ar: 'بحالة جيدة',
  more_infos_fr: 'Bon état, papiers à jour.',
  description: null,
  used: 'yes',
  delivery: 'no',
  private: 'no',
  reports_count: 0,
  latitude: null,
  longitude: null,
  distance: null,
  contact_methods: ['call', 'whatsapp'],
  shop: {
    id: 5,
    name: 'Garage Sahel',
    logo: null,
    logo_url: null,
    logo_small_url: null,
    cover: null,
    cover_url: null,
    cover_small_url: null,
    phone_1: '22334455',
    phone_2: null,
    first_whatsapp_number: null,
    second_whatsapp_number: null,
    has_phone: true,
    is_professional: false,
    latitude: null,
    longitude: null,
    pcategory_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    employees: [],
  },
  psubcategory: {
    id: 3,
    name: 'cars',
    name_ar: null,
    name_fr: null,
    can_be_used: 'yes',
    can_be_rented: 'yes',
    can_be_delivered: 'no',
    can_be_priced: 'yes',
    can_be_counted: 'no',
    mesure_unit: '',
    pcategory: { id: 1, name: 'vehicles', name_ar: null, name_fr: null },
  },
  pfiles: [
    {
      id: 1,
      type: 'image',
      name: 'a',
      extension: 'webp',
      url: '/media/a.webp',
      small_url: '/media/a-small.webp',
      poster_url: null,
      poster_small_url: null,
      width: 1600,
      height: 1200,
      small_width: 480,
      small_height: 360,
    },
    {
      id: 2,
      type: 'image',
      name: 'b',
      extension: 'webp',
      url: '/media/b.webp',
      small_url: '/media/b-small.webp',
      poster_url: null,
      poster_small_url: null,
      width: 1600,
      height: 1200,
      small_width: 480,
      small_height: 360,
    },
  ],
  pfields: [
    {
      id: 8,
      name: 'fuel',
      name_ar: null,
      name_fr: null,
      translated: 'yes',
      type: 'select',
      mesure_unit: '',
      position: 'first',
      values: '[{"value":"diesel"}]',
      pivot: { value: 'diesel', sub_value: null },
    },
    {
      id: 9,
      name: 'mileage',
      name_ar: null,
      name_fr: null,
      translated: 'no',
      type: 'number',
      mesure_unit: 'KM',
      position: 'second',
      values: '[]',
      pivot: { value: '168000', sub_value: null },
    },
    {
      id: 10,
      name: 'car_features',
      name_ar: null,
      name_fr: null,
      translated: 'yes',
      type: 'checkbox',
      mesure_unit: '',
      position: 'third',
      values: '[{"value":"gps"},{"value":"sunroof"}]',
      pivot: { value: '["gps","sunroof"]', sub_value: null },
    },
    {
      id: 11,
      name: 'brand',
      name_ar: null,
      name_fr: null,
      translated: 'no',
      type: 'select',
      mesure_unit: '',
      position: 'first',
      values: '[{"value":"Toyota","sub_field":{"name":"model","values":[{"value":"Hilux"}]}}]',
      pivot: { value: 'Toyota', sub_value: 'Hilux' },
    },
  ],
};

/** A card of the lists (SPEC §2): a Toyota of Garage Sahel, with reactions and comments. */
export function aCard(overrides: CardOverrides = {}): ProductCard {
  const { shop, ...rest } = overrides;
  const card = cardDefaults();
  return strictly(productCardSchema, { ...card, ...rest, shop: { ...card.shop, ...shop } });
}

/** The same offer as GET /products/product/{id} answers it: files, fields, shop, subcategory. */
export function aProduct(overrides: ProductOverrides = {}): Product {
  const { shop, psubcategory, ...rest } = overrides;
  const { image: _image, image_file: _file, shop: _cardShop, ...card } = cardDefaults();
  return strictly(productSchema, {
    ...card,
    ...PRODUCT_EXTRA,
    ...rest,
    shop: { ...PRODUCT_EXTRA.shop, ...shop },
    psubcategory: { ...PRODUCT_EXTRA.psubcategory, ...psubcategory },
  });
}
