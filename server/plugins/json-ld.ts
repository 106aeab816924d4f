import type { Language } from '../../shared/constants';
import { catalogName, type CatalogNamed } from '../../shared/domain/catalog-names';
import { pagePaths } from '../../shared/domain/page-paths';
import { placeOf, placeName } from '../../shared/domain/places';
import { availableNumber, productInfos, productName } from '../../shared/domain/products';
import type { Product } from '../../shared/schemas/products';
import { imageUrl } from '../media/media';
import arCatalog from '../../shared/locales/ar/catalog.json';
import frCatalog from '../../shared/locales/fr/catalog.json';
import arSite from '../../shared/locales/ar/site.json';
import frSite from '../../shared/locales/fr/site.json';
import { absoluteUrl } from './page-urls';

// schema.org structured data (issue 16 item 3): what a search engine reads of a page besides its
// text. Pure builders, one per kind of page; pageTags() (page-tags.ts) writes each as a
// <script type="application/ld+json"> with jsonLdText(), which no user text can close.

export type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>;

const CONTEXT = 'https://schema.org';
const CURRENCY = 'MRU';

const CATALOG: Record<Language, Record<string, string>> = { ar: arCatalog, fr: frCatalog };
const HOME: Record<Language, string> = { ar: arSite.nav_home, fr: frSite.nav_home };

/** A category's or subcategory's name in a language, by the web app's rule (DESIGN §6). */
export function catalogLabel(item: CatalogNamed, language: Language): string {
  const labels = CATALOG[language];
  return catalogName(
    item,
    language,
    (key) => labels[key] ?? key,
    (key) => key in labels,
  );
}

/**
 * JSON for inside a <script>: `<`, `>` and `&` (and the two JavaScript line separators) as \u
 * escapes, so that no text in it (`</script>`, `<!--`) ends or changes the script element.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export const jsonLdText = (data: JsonLd): string => scriptJson(data);

/** schema.org's availability of an offer, from the number still available (SPEC §4). */
export function availabilityOf(product: {
  number: number;
  sold_count: number;
  sold: boolean;
  psubcategory: { can_be_counted: 'yes' | 'no' };
}): 'InStock' | 'OutOfStock' | 'SoldOut' {
  if (product.sold) return 'SoldOut';
  if (product.psubcategory.can_be_counted === 'no') return 'InStock';
  if (availableNumber(product) > 0) return 'InStock';
  return product.sold_count > 0 ? 'SoldOut' : 'OutOfStock';
}

/**
 * An offer's Product with its Offer (price in MRU, availability, condition); null for a demand
 * (someone looking for a thing sells nothing). An offer without a price has no Offer: schema.org
 * readers require one.
 */
export function productJsonLd(product: Product, language: Language, publicUrl: string) {
  if (product.type !== 'offer') return null;
  const url = publicUrl + pagePaths.product(product.id);
  const images = product.pfiles
    .filter((f) => f.type === 'image')
    .map((f) => absoluteUrl(publicUrl, f.url))
    .filter((u): u is string => !!u);
  const description = productInfos(product, language);
  const ld: JsonLd = {
    '@context': CONTEXT,
    '@type': 'Product',
    name: productName(product, language),
    url,
    category: catalogLabel(product.psubcategory, language),
  };
  if (description) ld.description = description;
  if (images.length) ld.image = images;
  if (product.price !== null) {
    ld.offers = {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: CURRENCY,
      availability: `${CONTEXT}/${availabilityOf(product)}`,
      url,
      ...(product.psubcategory.can_be_used === 'yes'
        ? {
            itemCondition: `${CONTEXT}/${product.used === 'yes' ? 'UsedCondition' : 'NewCondition'}`,
          }
        : {}),
      seller: { '@type': 'Organization', name: product.shop.name },
    };
  }
  return ld;
}

export interface ShopForJsonLd {
  id: number;
  name: string;
  description: string | null;
  logo: string | null;
  cover: string | null;
  is_professional: number | boolean;
  latitude: number | string | null;
  longitude: number | string | null;
}

/**
 * A professional shop is a LocalBusiness (its town, its point, SPEC §2's shop header); a personal
 * shop an Organization. Neither carries a phone: pages give numbers only on a tap (issue 29 item 2),
 * so that they cannot be collected from the HTML.
 */
export function shopJsonLd(shop: ShopForJsonLd, language: Language, publicUrl: string) {
  const professional = !!shop.is_professional;
  const ld: JsonLd = {
    '@context': CONTEXT,
    '@type': professional ? 'LocalBusiness' : 'Organization',
    name: shop.name,
    url: publicUrl + pagePaths.shop(shop.id),
  };
  if (shop.description) ld.description = shop.description;
  const logo = absoluteUrl(publicUrl, imageUrl(shop.logo, 'original'));
  const cover = absoluteUrl(publicUrl, imageUrl(shop.cover, 'original'));
  if (logo) ld.logo = logo;
  if (logo ?? cover) ld.image = logo ?? cover;
  if (shop.latitude !== null && shop.longitude !== null) {
    const point = { latitude: Number(shop.latitude), longitude: Number(shop.longitude) };
    const place = placeOf(point);
    if (place) {
      ld.address = {
        '@type': 'PostalAddress',
        addressLocality: placeName(place.town, language),
        ...(place.neighbourhood ? { streetAddress: placeName(place.neighbourhood, language) } : {}),
        addressCountry: 'MR',
      };
    }
    if (professional) ld.geo = { '@type': 'GeoCoordinates', ...point };
  }
  return ld;
}

/** A BreadcrumbList from the home page to the page itself (the last item). */
export function breadcrumbJsonLd(
  items: { name: string; path: string }[],
  language: Language,
  publicUrl: string,
): JsonLd {
  const all = [{ name: HOME[language], path: '/' }, ...items];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: all.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: publicUrl + item.path,
    })),
  };
}

type CatalogEntry = CatalogNamed & { id: number };

/** Home › category (› subcategory): a category's or subcategory's page. */
export function catalogBreadcrumb(
  category: CatalogEntry,
  subcategory: CatalogEntry | null,
  language: Language,
  publicUrl: string,
): JsonLd {
  const items = [{ name: catalogLabel(category, language), path: pagePaths.category(category.id) }];
  if (subcategory)
    items.push({
      name: catalogLabel(subcategory, language),
      path: pagePaths.subcategory(category.id, subcategory.id),
    });
  return breadcrumbJsonLd(items, language, publicUrl);
}

/** Home › category › subcategory › offer (or demand). */
export function productBreadcrumb(product: Product, language: Language, publicUrl: string) {
  const { psubcategory } = product;
  const trail = catalogBreadcrumb(psubcategory.pcategory, psubcategory, language, publicUrl);
  const items = trail.itemListElement as { position: number }[];
  return {
    ...trail,
    itemListElement: [
      ...items,
      {
        '@type': 'ListItem',
        position: items.length + 1,
        name: productName(product, language),
        item: publicUrl + pagePaths.product(product.id),
      },
    ],
  };
}
