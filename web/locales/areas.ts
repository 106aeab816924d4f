// A language's dictionary is split by area: web/locales/<lang>/<area>.json (flat keys). A feature
// adds its own pair of files; nothing else to register (docs/web.md).

export type Dictionary = Record<string, string>;

/** Area files found by import.meta.glob, keyed by area name. */
export function areasOf(modules: Record<string, Dictionary>): Record<string, Dictionary> {
  return Object.fromEntries(
    Object.entries(modules).map(([path, dictionary]) => [
      path.replace(/^.*\//, '').replace(/\.json$/, ''),
      dictionary,
    ]),
  );
}

/** One flat dictionary (areas in name order; a test guarantees no key is in two areas). */
export function merge(areas: Record<string, Dictionary>): Dictionary {
  return Object.assign(
    {},
    ...Object.keys(areas)
      .sort()
      .map((area) => areas[area]),
  );
}
