import { useTranslation } from '../../lib/use-translation';
import { catalogName, type CatalogNamed } from '../../../shared/domain/catalog-names';
import { isLanguage } from '../../../shared/domain/language';

// DESIGN §6's catalogue names (shared/domain/catalog-names.ts) in the admin's page language.

/** The label of a catalogue item (or of a bare key: a field's value) in the page's language. */
export function useCatalogLabel() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'ar';
  return (item: CatalogNamed | string) =>
    catalogName(
      typeof item === 'string' ? { name: item } : item,
      language,
      (key) => t(key),
      (key) => i18n.exists(key),
    );
}

/**
 * A name inside a sentence, isolated (U+2068 … U+2069) so that a Latin key in an Arabic sentence
 * keeps the sentence's punctuation in place (the text counterpart of <bdi>).
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
