import { useTranslation } from 'react-i18next';

// DESIGN §6: catalogue names are dictionary keys (`vehicles`, `fuel`). Shown: the admin's own label
// for the page's language when given (name_ar / name_fr), else the dictionary's translation of the
// key, else the name as typed. A label wins over the dictionary: an admin who types one sees it.

export interface Named {
  name: string;
  name_ar?: string | null;
  name_fr?: string | null;
}

export function catalogLabel(
  item: Named,
  language: string,
  translate: (key: string) => string,
  exists: (key: string) => boolean,
): string {
  const label = language === 'ar' ? item.name_ar : language === 'fr' ? item.name_fr : null;
  if (label) return label;
  return exists(item.name) ? translate(item.name) : item.name;
}

/** The label of a catalogue item (or of a bare key: a field's value) in the page's language. */
export function useCatalogLabel() {
  const { t, i18n } = useTranslation();
  return (item: Named | string) =>
    catalogLabel(
      typeof item === 'string' ? { name: item } : item,
      i18n.language,
      (key) => t(key),
      (key) => i18n.exists(key),
    );
}
