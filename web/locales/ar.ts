import { areasOf, merge } from './areas';

// Every Arabic area file, bundled together into one chunk that only Arabic pages load.
export const areas = areasOf(
  import.meta.glob<Record<string, string>>('./ar/*.json', { eager: true, import: 'default' }),
);
export const dictionary = merge(areas);
