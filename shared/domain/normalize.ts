// Search form of a text (DESIGN §7), used when indexing and when querying alike, so that the
// same word typed many ways meets itself: case, French accents, Arabic letter variants, Arabic
// diacritics and the digits of either script.

const ARABIC_LETTERS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ی: 'ي', // Persian yeh, what some phone keyboards type
  ة: 'ه',
  ؤ: 'و',
  ئ: 'ي',
};
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };

// Arabic tashkeel (fathatan … sukun, the hamza and madda marks, superscript alef) and tatweel.
const TASHKEEL = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
// Every combining mark left after canonical decomposition (French accents, cedilla…).
const MARKS = /\p{M}/gu;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** ٠-٩ (Arabic-Indic) and ۰-۹ (Eastern, Persian) to 0-9. */
function digit(d: string): string {
  const code = d.charCodeAt(0);
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}

export function normalizeSearchText(text: string): string {
  return (
    text
      .toLowerCase()
      // Letter variants first: decomposition would split أ into ا + a hamza mark anyway, but
      // ة, ى and ٱ do not decompose.
      .replace(/[أإآٱىیةؤئ]/g, (c) => ARABIC_LETTERS[c])
      .replace(/[œæß]/g, (c) => LIGATURES[c])
      .replace(TASHKEEL, '')
      .normalize('NFD')
      .replace(MARKS, '')
      .normalize('NFC')
      .replace(ARABIC_INDIC_DIGIT, digit)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Arabic-Indic and Eastern digits as 0-9, the rest untouched (phone numbers, issue 20 item 14). */
export function asciiDigits(text: string): string {
  return text.replace(ARABIC_INDIC_DIGIT, digit);
}
