import { useCatalogLabels } from '../../lib/catalog-labels';

// DESIGN §6's catalogue names in the admin's page language: the one helper of web/lib (issue 33
// item 2).

/** The label of a catalogue item (or of a bare key: a field's value) in the page's language. */
export const useCatalogLabel = () => useCatalogLabels().name;

/**
 * A name inside a sentence, isolated (U+2068 … U+2069) so that a Latin key in an Arabic sentence
 * keeps the sentence's punctuation in place (the text counterpart of <bdi>).
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
