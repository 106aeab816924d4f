import {
  DEFAULT_LANGUAGE,
  MAIN_END_ID,
  READ_MORE_LENGTH,
  type Language,
} from '../../shared/constants';
import { pagePaths } from '../../shared/domain/page-paths';
import { productInfos, productName } from '../../shared/domain/products';
import { isExpired } from '../../shared/domain/listing';
import type { Product } from '../../shared/schemas/products';
import { imageUrl } from '../media/media';
import {
  catalogBreadcrumb,
  catalogLabel,
  jsonLdText,
  productBreadcrumb,
  productJsonLd,
  shopJsonLd,
  type JsonLd,
  type ShopForJsonLd,
} from './json-ld';
import { alternateUrls, canonicalUrl } from './page-urls';

// The page tags presenter (issue 15 item 3): what a shared link's preview shows (<title>,
// description, Open Graph tags, the main image's preload) is decided here, once; route handlers
// call one of the `*PageMeta` functions and hand the result to `reply.page()` (pages.ts), which
// renders it with `pageTags()`.

export interface PageMeta {
  title?: string;
  description?: string;
  image?: string | null;
  /** The page's main image (its LCP element), fetched at once, before the scripts ask for it. */
  preloadImage?: string | null;
  /** The page's own path when its address has more (an offer's notification id). */
  canonicalPath?: string;
  /** schema.org structured data (json-ld.ts), each written as its own script. */
  jsonLd?: (JsonLd | null)[];
  /** Kept out of search engines' indexes (issue 32: an expired offer's page). */
  noindex?: boolean;
}

const excerpt = (text: string | null | undefined) => text?.slice(0, READ_MORE_LENGTH) ?? undefined;
const absolute = (publicUrl: string, url: string | null | undefined) =>
  url ? publicUrl + url : null;

/** An offer or demand: its name and infos in the page's language (the page heading's rule). */
export function productPageMeta(product: Product, language: Language, publicUrl: string): PageMeta {
  const image = product.pfiles.find((f) => f.type === 'image');
  return {
    title: productName(product, language),
    description: excerpt(productInfos(product, language)),
    image: absolute(publicUrl, image?.url),
    // The web app shows the images in a new random order each time (SPEC §4): which one comes
    // first is only known when there is one.
    preloadImage: product.pfiles.length === 1 ? image?.small_url : null,
    canonicalPath: pagePaths.product(product.id),
    noindex: product.expires_at !== undefined && isExpired({ expires_at: product.expires_at }),
    jsonLd: [
      productJsonLd(product, language, publicUrl),
      productBreadcrumb(product, language, publicUrl),
    ],
  };
}

/** A shop: its description (else its more infos); the preview shows the logo, else the cover. */
export function shopPageMeta(
  shop: ShopForJsonLd & { more_infos: string | null },
  publicUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): PageMeta {
  return {
    title: shop.name,
    description: excerpt(shop.description ?? shop.more_infos),
    image: absolute(publicUrl, imageUrl(shop.logo ?? shop.cover, 'original')),
    jsonLd: [shopJsonLd(shop, language, publicUrl)],
  };
}

type CatalogEntry = Parameters<typeof catalogLabel>[0] & { id: number };

/**
 * A category's page (issue 16 item 3): its name, and its subcategories' names as the
 * description; a subcategory's page: its name and its category's. Both with their breadcrumb.
 */
export function catalogPageMeta(
  category: CatalogEntry,
  subcategory: CatalogEntry | null,
  subcategories: CatalogEntry[],
  language: Language,
  publicUrl: string,
): PageMeta {
  const categoryName = catalogLabel(category, language);
  const separator = language === 'ar' ? '، ' : ', ';
  const breadcrumb = catalogBreadcrumb(category, subcategory, language, publicUrl);
  if (subcategory) {
    const name = catalogLabel(subcategory, language);
    return {
      title: `${name} · ${categoryName}`,
      description: `${categoryName} › ${name}`,
      jsonLd: [breadcrumb],
    };
  }
  const names = subcategories.map((s) => catalogLabel(s, language)).join(separator);
  return {
    title: categoryName,
    description: excerpt(names ? `${categoryName}: ${names}` : categoryName),
    jsonLd: [breadcrumb],
  };
}

/** A public profile: the preview shows the photo, else the cover. */
export function userPageMeta(
  user: {
    first_name: string;
    last_name: string;
    more_infos: string | null;
    photo: string | null;
    cover: string | null;
  },
  publicUrl: string,
): PageMeta {
  return {
    title: `${user.first_name} ${user.last_name}`,
    description: excerpt(user.more_infos),
    image: absolute(publicUrl, imageUrl(user.photo ?? user.cover, 'original')),
  };
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The tags that replace the template's <title> (pages.ts adds the map's and dictionary's). */
export function pageTags(meta: PageMeta, pageUrl: string): string[] {
  const title = meta.title ? `${meta.title} · Souq` : 'Souq';
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    meta.description
      ? `<meta name="description" content="${escapeHtml(meta.description)}">\n<meta property="og:description" content="${escapeHtml(meta.description)}">`
      : '',
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
    `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    ...addressTags(meta, pageUrl),
    ...(meta.jsonLd ?? [])
      .filter((data) => data !== null)
      .map((data) => `<script type="application/ld+json">${jsonLdText(data)}</script>`),
  ];
}

/** The canonical address and one alternate per language (page-urls.ts), for search engines. */
function addressTags(meta: PageMeta, pageUrl: string): string[] {
  const canonical = canonicalUrl(pageUrl, meta.canonicalPath);
  return [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...alternateUrls(canonical).map(
      (a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}">`,
    ),
  ];
}

/**
 * No paint before the page's main part has been read whole (Chrome 124+; others ignore it): a
 * phone that painted a row of cards while the parser was still reading the later ones saw that
 * row grow and the first cards' footers move (a layout shift of 0.03–0.04 on the home page at 4×
 * CPU; docs/decisions.md "A rendered page is painted once its main part has been read"). The
 * parser reaching the footer, or the end of the document, lets the page paint.
 */
export const MAIN_READ_TAG = `<link rel="expect" href="#${MAIN_END_ID}" blocking="render">`;

/** The main image's preload (after the scripts' preloads, as before). */
export function preloadTag(meta: PageMeta): string {
  return meta.preloadImage
    ? `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high">`
    : '';
}
