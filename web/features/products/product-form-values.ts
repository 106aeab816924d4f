import type { Pfield, Psubcategory } from '../../../shared/schemas/catalog';
import {
  CONTACT_METHODS,
  type ContactMethod,
  type OfferType,
  type Product,
  type ProductType,
} from '../../../shared/schemas/products';
import { pfieldSubKey, subFieldOf } from '../../../shared/domain/pfield-values';
import { allowedOfferTypes } from '../../../shared/domain/products';
import { otherLanguage, placeTitles, type TitleClash } from '../../../shared/domain/product-titles';
import type { Language } from '../../../shared/constants';
import type { PfieldValue } from './pfield-input';

// The post/edit form's values, and what a subcategory lets it send (SPEC §3, docs/products.md).

export interface FormValues {
  shop_id: string;
  name: string;
  name_ar: string;
  name_fr: string;
  more_infos_ar: string;
  more_infos_fr: string;
  price: string;
  offer_type: OfferType;
  negotiable: boolean;
  used: boolean;
  delivery: boolean;
  private: boolean;
  number: string;
  distance: string;
  latitude: string;
  longitude: string;
  contact_methods: ContactMethod[];
}

type Flags = Pick<
  Psubcategory,
  'can_be_priced' | 'can_be_rented' | 'can_be_used' | 'can_be_delivered' | 'can_be_counted'
>;

/** DESIGN §6 and SPEC §3: offers sell or rent out, demands buy or rent; rents only where allowed. */
export const offerTypesFor = (type: ProductType, sub: Flags | null): readonly OfferType[] =>
  allowedOfferTypes(type, sub);

export function emptyValues(type: ProductType): FormValues {
  return {
    shop_id: '',
    name: '',
    name_ar: '',
    name_fr: '',
    more_infos_ar: '',
    more_infos_fr: '',
    price: '',
    offer_type: type === 'offer' ? 'sale' : 'buy',
    negotiable: false,
    used: false,
    delivery: false,
    private: false,
    number: '1',
    distance: '',
    latitude: '',
    longitude: '',
    contact_methods: ['call', 'whatsapp'],
  };
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * A product's values in the form of the interface's `language`: its title field (`name`) holds
 * the title in that language, else SPEC's `name` (issue 35 item 2).
 */
export function valuesOf(product: Product, language: Language): FormValues {
  return {
    shop_id: String(product.shop_id),
    name: text(product[`name_${language}`]) || product.name,
    name_ar: text(product.name_ar),
    name_fr: text(product.name_fr),
    more_infos_ar: text(product.more_infos_ar),
    more_infos_fr: text(product.more_infos_fr),
    price: text(product.price),
    offer_type: product.offer_type,
    negotiable: product.negotiable === 'yes',
    used: product.used === 'yes',
    delivery: product.delivery === 'yes',
    private: product.private === 'yes',
    number: text(product.number),
    distance: text(product.distance),
    latitude: text(product.latitude),
    longitude: text(product.longitude),
    contact_methods: CONTACT_METHODS.filter((m) => product.contact_methods.includes(m)),
  };
}

/** A product's stored field values, as the inputs hold them (checkbox lists parsed). */
export function pfieldValuesOf(product: Product): Record<number, PfieldValue> {
  const values: Record<number, PfieldValue> = {};
  for (const field of product.pfields) {
    if (field.type === 'checkbox') {
      try {
        const list = JSON.parse(field.pivot.value);
        values[field.id] = Array.isArray(list) ? list.map(String) : [];
      } catch {
        values[field.id] = [];
      }
    } else {
      values[field.id] = field.pivot.value;
    }
  }
  return values;
}

/** A product's stored sub-field values (SPEC §3: a brand's model), by field id. */
export function pfieldSubsOf(product: Product): Record<number, string> {
  const subs: Record<number, string> = {};
  for (const field of product.pfields) {
    if (field.pivot.sub_value) subs[field.id] = field.pivot.sub_value;
  }
  return subs;
}

const yn = (flag: boolean) => (flag ? 'yes' : 'no');

/**
 * Issue 35 item 2: the form's title (`name`, in the interface's language) and the other
 * language's title, placed by the letters they are written in (shared/domain/product-titles.ts).
 */
export function titlesOf(values: FormValues, language: Language) {
  return placeTitles(values.name, values[`name_${otherLanguage(language)}`], language);
}

/** The message asking for the other language's title, under the field that holds a second one. */
export const titleClashIssue = (clash: TitleClash) => ({
  path: [clash.field],
  // Written out, so that the dictionaries' check finds both keys.
  message: clash.language === 'ar' ? 'titles_both_ar' : 'titles_both_fr',
});

/**
 * The fields to send: only what the subcategory allows (SPEC §3), every extra field of the
 * subcategory (empty clears it), lists as JSON text. Strings throughout, as a multipart form has.
 */
export function fieldsToSend(options: {
  type: ProductType;
  values: FormValues;
  sub: Flags | null;
  psubcategoryId: number | null;
  pfields: Pfield[];
  pfieldValues: Record<number, PfieldValue>;
  /** Sub-field values by field id, sent as `pfield_{id}_sub` beside a value opening one. */
  pfieldSubs?: Record<number, string>;
  /** Only when posting (a product cannot change shop). */
  shopChoice: boolean;
  /** The interface's language: the one of the form's title field. */
  language: Language;
}): Record<string, string> {
  const { type, values, sub, psubcategoryId, pfields, pfieldValues, shopChoice } = options;
  const subs = options.pfieldSubs ?? {};
  const placed = titlesOf(values, options.language);
  // Two titles in one language are sent as typed; the form asks before sending them.
  const titles =
    'titles' in placed
      ? placed.titles
      : { name: values.name, name_ar: values.name_ar, name_fr: values.name_fr };
  const fields: Record<string, string> = {
    psubcategory_id: psubcategoryId === null ? '' : String(psubcategoryId),
    ...titles,
    more_infos_ar: values.more_infos_ar,
    more_infos_fr: values.more_infos_fr,
    private: yn(values.private),
    latitude: values.latitude,
    longitude: values.longitude,
    contact_methods: JSON.stringify(values.contact_methods),
    offer_type: offerTypesFor(type, sub).includes(values.offer_type)
      ? values.offer_type
      : offerTypesFor(type, sub)[0],
  };
  if (shopChoice && values.shop_id) fields.shop_id = values.shop_id;
  if (sub?.can_be_priced === 'yes') {
    fields.price = values.price;
    fields.negotiable = yn(values.negotiable);
  }
  if (sub?.can_be_used === 'yes') fields.used = yn(values.used);
  if (sub?.can_be_delivered === 'yes') fields.delivery = yn(values.delivery);
  if (sub?.can_be_counted === 'yes') fields.number = values.number;
  if (type === 'demand') fields.distance = values.distance;
  for (const field of pfields) {
    const value = pfieldValues[field.id];
    fields[`pfield_${field.id}`] = Array.isArray(value)
      ? value.length
        ? JSON.stringify(value)
        : ''
      : (value ?? '');
    // Sent again with its field, or the server forgets it (a new brand's old model).
    if (typeof value === 'string' && subFieldOf(field, value)) {
      fields[pfieldSubKey(field.id)] = subs[field.id] ?? '';
    }
  }
  return fields;
}
