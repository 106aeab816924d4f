import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/schemas/products';
import {
  availabilityOf,
  breadcrumbJsonLd,
  jsonLdText,
  productBreadcrumb,
  productJsonLd,
  shopJsonLd,
  type JsonLd,
} from './json-ld';
import { pageTags } from './page-tags';

// The schema.org builders (issue 16 item 3): pure functions of an offer or a shop.

const URL = 'https://souq.example.mr';

function aProduct(overrides: Partial<Product> = {}): Product {
  const at = '2026-01-02T03:04:05.000Z';
  return {
    id: 42,
    type: 'offer',
    user_id: 3,
    shop_id: 5,
    psubcategory_id: 7,
    name: 'hilux',
    name_ar: 'تويوتا هيلوكس',
    name_fr: 'Toyota Hilux',
    more_infos_ar: 'بحالة جيدة',
    more_infos_fr: 'Bon état',
    description: null,
    price: 1_250_000,
    offer_type: 'sale',
    unit: null,
    negotiable: 'no',
    used: 'yes',
    delivery: 'no',
    private: 'no',
    number: 2,
    sold_count: 0,
    sold: false,
    saved_count: 0,
    reports_count: 0,
    comments_count: 0,
    commands_count: 0,
    latitude: null,
    longitude: null,
    distance: null,
    contact_methods: ['call'],
    created_at: at,
    updated_at: at,
    like_count: 0,
    haha_count: 0,
    love_count: 0,
    wow_count: 0,
    sad_count: 0,
    angry_count: 0,
    reactions_count: 0,
    top: [],
    saved: false,
    reported: false,
    reaction: null,
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
      is_professional: true,
      latitude: null,
      longitude: null,
      pcategory_id: null,
      created_at: at,
      updated_at: at,
      employees: [],
    },
    psubcategory: {
      id: 7,
      name: 'cars',
      name_ar: null,
      name_fr: 'Autos',
      can_be_used: 'yes',
      can_be_rented: 'yes',
      can_be_delivered: 'yes',
      can_be_priced: 'yes',
      can_be_counted: 'yes',
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
      },
      {
        id: 2,
        type: 'video',
        name: 'b',
        extension: 'mp4',
        url: '/media/b.mp4',
        small_url: '/media/b.mp4',
        poster_url: '/media/b.webp',
        poster_small_url: '/media/b-small.webp',
      },
      {
        id: 3,
        type: 'image',
        name: 'c',
        extension: 'webp',
        url: 'https://cdn.example.org/c.webp',
        small_url: 'https://cdn.example.org/c-small.webp',
        poster_url: null,
        poster_small_url: null,
      },
    ],
    pfields: [],
    ...overrides,
  } as Product;
}

describe('jsonLdText', () => {
  it('escapes <, > and & so that no text ends the script, and reads back the same', () => {
    const data: JsonLd = { '@type': 'Thing', name: 'a </script><script>alert(1)</script> & <!--' };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('\\u0026');
    expect(JSON.parse(text)).toEqual(data);
    // The two line separators JavaScript once read as line ends.
    expect(jsonLdText({ '@type': 'Thing', name: 'a\u2028b\u2029c' })).toContain(
      'a\\u2028b\\u2029c',
    );
  });

  it('pageTags writes each block in its own script, a product name with </script> included', () => {
    const product = aProduct({ name_fr: 'Hilux </script><img src=x onerror=alert(1)>' });
    const tags = pageTags(
      { jsonLd: [productJsonLd(product, 'fr', URL), null, productBreadcrumb(product, 'fr', URL)] },
      `${URL}/products/product/42`,
    ).join('\n');
    const scripts = [...tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    expect(tags).not.toContain('<img');
    expect((JSON.parse(scripts[0][1]) as { name: string }).name).toBe(
      'Hilux </script><img src=x onerror=alert(1)>',
    );
  });
});

describe('productJsonLd', () => {
  it('a Product with its Offer: price in MRU, availability, condition, images, url', () => {
    expect(productJsonLd(aProduct(), 'fr', URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Toyota Hilux',
      description: 'Bon état',
      url: `${URL}/products/product/42`,
      category: 'Autos',
      image: [`${URL}/media/a.webp`, 'https://cdn.example.org/c.webp'],
      offers: {
        '@type': 'Offer',
        price: 1_250_000,
        priceCurrency: 'MRU',
        availability: 'https://schema.org/InStock',
        url: `${URL}/products/product/42`,
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'Organization', name: 'Garage Sahel' },
      },
    });
  });

  it('in Arabic, the Arabic name and infos (the page heading rule), the dictionary category', () => {
    const ld = productJsonLd(aProduct(), 'ar', URL)!;
    expect(ld.name).toBe('تويوتا هيلوكس');
    expect(ld.description).toBe('بحالة جيدة');
    expect(ld.category).toBe('سيارات');
  });

  it('no Offer without a price, no Product for a demand, no image key without images', () => {
    expect(productJsonLd(aProduct({ price: null }), 'fr', URL)).not.toHaveProperty('offers');
    expect(productJsonLd(aProduct({ type: 'demand' }), 'fr', URL)).toBeNull();
    expect(productJsonLd(aProduct({ pfiles: [] }), 'fr', URL)).not.toHaveProperty('image');
    const unused = aProduct();
    unused.psubcategory.can_be_used = 'no';
    expect(productJsonLd(unused, 'fr', URL)!.offers).not.toHaveProperty('itemCondition');
    expect(productJsonLd(aProduct({ used: 'no' }), 'fr', URL)!.offers).toMatchObject({
      itemCondition: 'https://schema.org/NewCondition',
    });
  });

  it('availability from the number still available (SPEC §4)', () => {
    const of = (p: Partial<Product>) => availabilityOf(aProduct(p));
    expect(of({ number: 2, sold_count: 1 })).toBe('InStock');
    expect(of({ number: 2, sold_count: 2 })).toBe('SoldOut');
    expect(of({ number: 0, sold_count: 0 })).toBe('OutOfStock');
    expect(of({ number: 5, sold_count: 0, sold: true })).toBe('SoldOut');
    const uncounted = aProduct({ number: 0, sold_count: 0 });
    uncounted.psubcategory.can_be_counted = 'no';
    expect(availabilityOf(uncounted)).toBe('InStock');
  });
});

describe('shopJsonLd', () => {
  const shop = {
    id: 5,
    name: 'Garage Sahel',
    description: 'Pièces et réparations',
    logo: '0123456789abcdef0123456789abcdef',
    cover: null,
    phone_1: '22334455',
    is_professional: 1,
    latitude: 18.09,
    longitude: -15.98,
  };

  it('a professional shop: LocalBusiness with logo, town, point and phone', () => {
    expect(shopJsonLd(shop, 'fr', URL)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Garage Sahel',
      description: 'Pièces et réparations',
      url: `${URL}/shops/shop/5`,
      logo: `${URL}/media/0123456789abcdef0123456789abcdef.webp`,
      address: { '@type': 'PostalAddress', addressLocality: 'Nouakchott', addressCountry: 'MR' },
      geo: { '@type': 'GeoCoordinates', latitude: 18.09, longitude: -15.98 },
    });
    // Issue 29 item 2: numbers are given on a tap, never in the page.
    expect(shopJsonLd(shop, 'fr', URL)).not.toHaveProperty('telephone');
    expect(
      (shopJsonLd(shop, 'ar', URL).address as { addressLocality: string }).addressLocality,
    ).toBe('نواكشوط');
  });

  it('a personal shop: Organization, no phone, no point; no address far from every town', () => {
    const personal = shopJsonLd({ ...shop, is_professional: 0 }, 'fr', URL);
    expect(personal['@type']).toBe('Organization');
    expect(personal).not.toHaveProperty('telephone');
    expect(personal).not.toHaveProperty('geo');
    const nowhere = shopJsonLd({ ...shop, latitude: 0, longitude: 0 }, 'fr', URL);
    expect(nowhere).not.toHaveProperty('address');
    const plain = shopJsonLd(
      { ...shop, logo: null, latitude: null, longitude: null, description: null },
      'fr',
      URL,
    );
    expect(Object.keys(plain).sort()).toEqual(['@context', '@type', 'name', 'url']);
  });
});

describe('breadcrumbs', () => {
  it('home › category › subcategory › offer, positions from 1, absolute addresses', () => {
    expect(productBreadcrumb(aProduct(), 'fr', URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Accueil', item: `${URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Véhicules', item: `${URL}/categories/1` },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Autos',
          item: `${URL}/categories/1/subcategories/7`,
        },
        {
          '@type': 'ListItem',
          position: 4,
          name: 'Toyota Hilux',
          item: `${URL}/products/product/42`,
        },
      ],
    });
    expect(breadcrumbJsonLd([], 'ar', URL).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'الرئيسية', item: `${URL}/` },
    ]);
  });
});
