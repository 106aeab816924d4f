export type LexiconKind = 'noun' | 'brand' | 'place' | 'local';

/**
 * One group of the lexicon as written in the data files: [Arabic, French, Latin], each cell a
 * '|'-separated list of words or phrases; French and Latin may be empty ('') when the other holds
 * the group's Latin-script words (brands and places are mostly Latin, not French).
 */
export type LexiconRow = readonly [ar: string, fr: string, latin?: string];
