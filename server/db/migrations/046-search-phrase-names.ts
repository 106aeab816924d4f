import { searchFamilies } from './029-search-families';

// Issue 30 (docs/search.md, "Session 28"): what a product's index holds changed again — a
// phrase's words of another family are not its related words (a tutoring offer "à domicile" no
// longer holds منزل, بيت 'house'), and an ending stays on a French word when taking it off leaves
// another lexicon word (cours 'lessons' is not cour 'courtyard'). Products written before are
// indexed again, as migration 029 did: only the rows whose columns change are written.
export const searchPhraseNames = searchFamilies;
