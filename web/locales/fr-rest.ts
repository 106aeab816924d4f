import { areasOf, merge } from './areas';

// The French keys the first view does not need (./fr.ts): loaded by web/lib/i18n.ts before any
// other page or later part, or at the visitor's first touch or key. In the build only: elsewhere it
// holds every key.
export const dictionary = merge(
  areasOf({
    ...import.meta.glob<Record<string, string>>('./fr/*.json', { eager: true, import: 'default' }),
    // The areas the server reads too (catalogue names, the home crumb): shared/locales.
    ...import.meta.glob<Record<string, string>>('../../shared/locales/fr/*.json', {
      eager: true,
      import: 'default',
    }),
  }),
);
