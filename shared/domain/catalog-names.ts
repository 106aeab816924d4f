import type { Language } from '../constants';

// DESIGN §6: catalogue names are dictionary keys (`vehicles`, `fuel`). Shown: the admin's own
// label for the page's language when given (name_ar / name_fr), else the dictionary's translation
// of the key, else the name as typed. A label wins over the dictionary: an admin who types one
// sees it. The dictionary is passed in, so the rule holds without i18next on the server.

export interface CatalogNamed {
  name: string;
  name_ar?: string | null;
  name_fr?: string | null;
}

export function catalogName(
  item: CatalogNamed,
  language: Language,
  translate: (key: string) => string,
  exists: (key: string) => boolean,
): string {
  const label = language === 'fr' ? item.name_fr : item.name_ar;
  if (label) return label;
  return exists(item.name) ? translate(item.name) : item.name;
}
