import type { Language } from '../../shared/constants';
import arSite from '../../shared/locales/ar/site.json';
import frSite from '../../shared/locales/fr/site.json';

// What the site says of itself, per language: the installed app's name (the web manifest,
// features/pwa), the description of pages that have none of their own, and the title of a page
// that is not there (pages.ts; the web app's own, from the shared dictionary).

export const SITE_TEXTS: Record<
  Language,
  { name: string; short_name: string; description: string; not_found_title: string }
> = {
  ar: {
    not_found_title: arSite.not_found_title,
    name: 'سوق: عروض وطلبات موريتانيا',
    short_name: 'سوق',
    description: 'عروض وطلبات الأفراد والمتاجر في كل موريتانيا، بالعربية والفرنسية.',
  },
  fr: {
    not_found_title: frSite.not_found_title,
    // French keeps a non-breaking space before « : » (issue 35 item 17).
    name: 'Souq\u00a0: annonces de Mauritanie',
    short_name: 'Souq',
    description:
      'Les offres et demandes des particuliers et des boutiques de toute la Mauritanie, en arabe et en français.',
  },
};
