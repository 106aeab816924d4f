import { areasOf, merge } from './areas';

// Every Arabic area file, bundled together into one chunk that only Arabic pages load. In the build,
// only the keys the first view (the shell and the home page) needs; the others are in
// ./ar-rest.ts (dictionarySplit in scripts/vite/first-views.ts). Elsewhere (tests, server rendering) every key.
export const areas = areasOf({
  ...import.meta.glob<Record<string, string>>('./ar/*.json', { eager: true, import: 'default' }),
  // The areas the server reads too (catalogue names, the home crumb): shared/locales.
  ...import.meta.glob<Record<string, string>>('../../shared/locales/ar/*.json', {
    eager: true,
    import: 'default',
  }),
});
export const dictionary = merge(areas);
