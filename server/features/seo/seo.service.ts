import { LANGUAGES, type Language } from '../../../shared/constants';
import type { Executor } from '../../db/types';
import { pagePaths } from '../../../shared/domain/page-paths';
import { catalogPageMeta, type PageMeta } from '../../plugins/page-tags';
import { LANGUAGE_PARAM } from '../../plugins/page-urls';
import * as repo from './seo.repository';
import { SITEMAP_SECTIONS, type SitemapRow, type SitemapSection } from './seo.repository';

// robots.txt and the sitemaps (issue 16 item 3, docs/seo.md).
//
// A sitemap file holds one section's public rows whose ids fall in one fixed range: file n of a
// section holds the ids in ((n − 1) × size, n × size]. So no file can hold more than `size` URLs
// (50,000, the sitemaps protocol's limit), a file is one primary-key range read in id order (no
// OFFSET), and the index needs, per section, the two ends of the primary key and one probe per
// range (its first public row), not a count of a million rows. A range left empty (its rows
// deleted or hidden) is not listed.

/** Paths a crawler has no business in: the signed-in user's pages, forms, and JSON-only calls. */
const DISALLOWED = [
  '/account/',
  '/admin',
  '/login',
  '/register',
  '/password/',
  '/localisation/',
  '/notifications/',
  '/saved',
  '/searches',
  '/users/me',
  '/products/new/',
  '/products/edit/',
  '/products/favorite/',
  '/products/favorites/',
  '/products/report/',
  '/products/similar/',
  '/products/*/phone',
  '/shops/new',
  '/shops/edit/',
  '/shops/insights/',
  '/shops/invitations',
  '/shops/paginate/',
  '/shops/*/employees',
  '/shops/*/insights',
  '/commands/sold/',
  '/pcategories/',
  '/psubcategories/',
  '/pfields/',
  '/healthz',
  '/docs/',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const FILE_NAME = new RegExp(`^(${SITEMAP_SECTIONS.join('|')})-([1-9][0-9]{0,9})\\.xml$`);

export const sitemapFileName = (section: SitemapSection, page: number) => `${section}-${page}.xml`;

/** A sitemap file's section and number from its name; null for any other name. */
export function parseSitemapFileName(
  name: string,
): { section: SitemapSection; page: number } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const page = Number(match[2]);
  return page <= 2 ** 31 ? { section: match[1] as SitemapSection, page } : null;
}

const PROBES_AT_ONCE = 8;

/** The sitemap files that hold at least one URL, section by section, in id order. */
export async function sitemapFiles(db: Executor, size: number) {
  const files: { section: SitemapSection; page: number }[] = [];
  for (const section of SITEMAP_SECTIONS) {
    const bounds = await repo.idBounds(db, section);
    if (!bounds) continue;
    const first = Math.floor((Math.max(bounds.min, 1) - 1) / size) + 1;
    const last = Math.floor((bounds.max - 1) / size) + 1;
    // The probes 8 at a time: PostgreSQL answers them on the pool's connections side by side.
    for (let from = first; from <= last; from += PROBES_AT_ONCE) {
      const pages = Array.from(
        { length: Math.min(PROBES_AT_ONCE, last - from + 1) },
        (_, i) => from + i,
      );
      const held = await Promise.all(
        pages.map((page) => repo.hasRowsIn(db, section, (page - 1) * size, page * size)),
      );
      files.push(...pages.filter((_, i) => held[i]).map((page) => ({ section, page })));
    }
  }
  return files;
}

function pathOf(section: SitemapSection, row: SitemapRow): string {
  switch (section) {
    case 'products':
      return pagePaths.product(row.id);
    case 'shops':
      return pagePaths.shop(row.id);
    case 'categories':
      return pagePaths.category(row.id);
    case 'subcategories':
      return pagePaths.subcategory(row.pcategory_id ?? 0, row.id);
    case 'users':
      return pagePaths.user(row.id);
  }
}

/** One sitemap file's URLs (null when its range holds none: not a file of the index). */
export async function sitemapEntries(
  db: Executor,
  size: number,
  section: SitemapSection,
  page: number,
): Promise<{ path: string; lastmod: string }[] | null> {
  const rows = await repo.rowsIn(db, section, (page - 1) * size, page * size, size);
  if (!rows.length) return null;
  return rows.map((row) => ({ path: pathOf(section, row), lastmod: row.updated_at }));
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function sitemapIndexXml(
  publicUrl: string,
  files: { section: SitemapSection; page: number }[],
) {
  return [
    XML_HEAD,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...files.map(
      (f) =>
        `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${sitemapFileName(f.section, f.page)}`)}</loc></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * A urlset: each page's address (x-default: the visitor's language), its last change, and its
 * address in each language (hreflang alternates, page-urls.ts).
 */
export function urlsetXml(publicUrl: string, entries: { path: string; lastmod: string }[]) {
  // By hand rather than with alternateUrls(): the paths here have no query, and a file of 50,000
  // URLs is then one string concatenation per URL, without parsing any address (docs/seo.md).
  const base = escapeXml(publicUrl);
  const link = (lang: string, href: string) =>
    `<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`;
  let xml = `${XML_HEAD}\n<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
  for (const e of entries) {
    const loc = base + escapeXml(e.path);
    const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : '';
    let alternates = '';
    for (const lang of LANGUAGES) alternates += link(lang, `${loc}?${LANGUAGE_PARAM}=${lang}`);
    xml += `<url><loc>${loc}</loc>${lastmod}${alternates}${link('x-default', loc)}</url>\n`;
  }
  return `${xml}</urlset>\n`;
}

/** A category's (and a subcategory's) page meta, or null for an unknown pair. */
export async function catalogPage(
  db: Executor,
  language: Language,
  publicUrl: string,
  pcategoryId: number,
  psubcategoryId?: number,
): Promise<PageMeta | null> {
  const category = await repo.findCategory(db, pcategoryId);
  if (!category) return null;
  if (psubcategoryId === undefined) {
    const subcategories = await repo.subcategoriesOf(db, pcategoryId);
    return catalogPageMeta(category, null, subcategories, language, publicUrl);
  }
  const subcategory = await repo.findSubcategory(db, pcategoryId, psubcategoryId);
  if (!subcategory) return null;
  return catalogPageMeta(category, subcategory, [], language, publicUrl);
}
