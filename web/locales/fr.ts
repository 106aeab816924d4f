import { areasOf, merge } from './areas';

// Every French area file, bundled together into one chunk that only French pages load. In the build,
// only the keys the first view (the shell and the home page) needs; the others are in
// ./fr-rest.ts (dictionarySplit in scripts/vite/first-views.ts). Elsewhere (tests, server rendering) every key.
export const areas = areasOf({
  ...import.meta.glob<Record<string, string>>('./fr/*.json', { eager: true, import: 'default' }),
  // The areas the server reads too (catalogue names, the home crumb): shared/locales.
  ...import.meta.glob<Record<string, string>>('../../shared/locales/fr/*.json', {
    eager: true,
    import: 'default',
  }),
});
export const dictionary = merge(areas);
