import type { Language } from '../../shared/constants';
import { catalogName, type CatalogNamed } from '../../shared/domain/catalog-names';
import { groupsDigits } from '../../shared/domain/numbers';
import { isLanguage } from '../../shared/domain/language';
import { formatNumber } from './format';
import { useTranslation } from './use-translation';

// The one home of catalogue labels on the web (issue 33 item 2): names, units, field values and
// sub-field names, each with the same fallback (DESIGN §6): the admin's label for the page's
// language, else the dictionary's word for the key, else the text as typed, never a raw
// `unit_KM` nor an empty label.

type Translate = (key: string) => string;
type Exists = (key: string) => boolean;

export interface CatalogLabels {
  /** A category, subcategory, field or sub-field (a bare key is a name without labels). */
  name: (item: CatalogNamed | string) => string;
  /** One value of a field: translated fields' values are keys, the others read as typed. */
  value: (field: { translated: 'yes' | 'no' }, value: string) => string;
  /** A unit (`GB`, `M2`…) in words (`unit_{unit}`), as typed without a word, '' for none. */
  unit: (unit: string | null | undefined) => string;
  /**
   * A product's value of a field (`pivot.value`): text, one choice, a JSON list of choices, or a
   * number, grouped only when it is a quantity (issue 35 item 4: 'Année 2012', '168 000 km').
   */
  fieldValue: (field: FieldWithValue) => string;
}

export interface FieldWithValue extends CatalogNamed {
  type: string;
  translated: 'yes' | 'no';
  mesure_unit?: string | null;
  pivot: { value: string };
}

export function catalogLabels(language: Language, t: Translate, exists: Exists): CatalogLabels {
  const word = (key: string) => (key && exists(key) ? t(key) : key);
  const value = (field: { translated: 'yes' | 'no' }, text: string) =>
    field.translated === 'yes' ? word(text) : text;
  return {
    name: (item) =>
      catalogName(typeof item === 'string' ? { name: item } : item, language, t, exists),
    value,
    unit: (unit) => (unit ? (exists(`unit_${unit}`) ? t(`unit_${unit}`) : unit) : ''),
    fieldValue: (field) => {
      const raw = field.pivot.value;
      if (field.type === 'checkbox' && raw.trim().startsWith('[')) {
        try {
          const list: unknown = JSON.parse(raw);
          if (Array.isArray(list)) {
            return list.map((v) => value(field, String(v))).join(language === 'ar' ? '، ' : ', ');
          }
        } catch {
          // Not a list: shown as it is below.
        }
      }
      if (field.type === 'number' && /^-?\d+(\.\d+)?$/.test(raw.trim())) {
        return groupsDigits(field) ? formatNumber(Number(raw), language) : raw.trim();
      }
      return value(field, raw);
    },
  };
}

/** The labels in the page's language. */
export function useCatalogLabels(): CatalogLabels {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  return catalogLabels(
    language,
    (key) => t(key),
    (key) => i18n.exists(key),
  );
}
