import type { Language } from '../../shared/constants';

// What the site says of itself, per language: the installed app's name (the web manifest,
// features/pwa) and the description of pages that have none of their own (pages.ts).

export const SITE_TEXTS: Record<
  Language,
  { name: string; short_name: string; description: string }
> = {
  ar: {
    name: 'سوق: عروض وطلبات موريتانيا',
    short_name: 'سوق',
    description: 'عروض وطلبات الأفراد والمتاجر في كل موريتانيا، بالعربية والفرنسية.',
  },
  fr: {
    name: 'Souq : annonces de Mauritanie',
    short_name: 'Souq',
    description:
      'Les offres et demandes des particuliers et des boutiques de toute la Mauritanie, en arabe et en français.',
  },
};
