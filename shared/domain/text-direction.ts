// User text takes its direction from its first strong character (DESIGN §9, the `dir="auto"`
// rule of HTML): an Arabic title holding a brand or a model code ("تويوتا لاند كروزر V8 2012")
// reads right-to-left, a French one left-to-right, and text with no letter at all ("2012",
// "!!!") follows the page. One rule for both sides: the web app sets `dir` with it.

export type TextDirection = 'ltr' | 'rtl' | 'auto';

/** The scripts written right to left (Unicode's strong R and AL characters). */
const RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Any other letter is a strong left-to-right character (Latin, Greek, Cyrillic…). */
const LETTER = /\p{L}/u;

export function textDirection(text: string | null | undefined): TextDirection {
  for (const character of text ?? '') {
    // Digits (Arabic-Indic ones too) and punctuation are weak: they do not decide.
    if (LETTER.test(character)) return RIGHT_TO_LEFT.test(character) ? 'rtl' : 'ltr';
  }
  return 'auto';
}
