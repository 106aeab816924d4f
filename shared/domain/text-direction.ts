// SPEC §1: user text reads left-to-right when it contains Latin letters, right-to-left otherwise.
// One rule for both sides (DESIGN §9): the web app sets `dir` with it, the server may too.

export type TextDirection = 'ltr' | 'rtl';

const LATIN_LETTER = /\p{Script=Latin}/u;

export function textDirection(text: string | null | undefined): TextDirection {
  return text && LATIN_LETTER.test(text) ? 'ltr' : 'rtl';
}
