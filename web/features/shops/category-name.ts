import type { TFunction } from 'i18next';
import type { Language } from '../../../shared/constants';

// DESIGN §6: catalogue names are dictionary keys, shown translated when the dictionary has the
// key and as typed otherwise; an admin's own label in the page's language comes first.

interface Named {
  name: string;
  name_ar?: string | null;
  name_fr?: string | null;
}

export function categoryName(
  category: Named,
  language: Language,
  t: TFunction,
  exists: (key: string) => boolean,
): string {
  const own = language === 'ar' ? category.name_ar : category.name_fr;
  if (own) return own;
  return exists(category.name) ? t(category.name) : category.name;
}
