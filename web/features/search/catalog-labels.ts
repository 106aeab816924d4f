import { useTranslation } from '../../lib/use-translation';
import type { Language } from '../../../shared/constants';
import { catalogName, type CatalogNamed } from '../../../shared/domain/catalog-names';

// DESIGN §6: catalogue names are dictionary keys (`vehicles`, `fuel`), shown translated when the
// dictionary has the key and as typed otherwise; an admin's own label for the page's language
// (name_ar / name_fr) comes first. Field values are keys only when the field is `translated`.

export function useCatalogLabels() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const exists = (text: string) => i18n.exists(text);
  const key = (text: string) => (text && exists(text) ? t(text) : text);
  return {
    /** A category, subcategory or field. */
    name: (item: CatalogNamed) => catalogName(item, language, t, exists),
    /** A value of a field: translated fields' values are keys. */
    value: (field: { translated: 'yes' | 'no' }, value: string) =>
      field.translated === 'yes' ? key(value) : value,
    /** A unit (`unit_KM`…), or nothing for the empty unit. */
    unit: (unit: string) => (unit ? key(`unit_${unit}`) : ''),
  };
}
