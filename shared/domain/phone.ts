// Mauritanian numbers: 8 digits (mobile 2x/3x/4x, fixed 45x), written with or without +222/00222,
// spaces, dots or dashes, in Western, Arabic-Indic (٣٦١٢٣٤٥٦) or Eastern digits. Stored in one
// normal form: the 8 Western digits alone.

import { asciiDigits } from './normalize';

const DIGITS = /^[234]\d{7}$/;

export function normalizePhone(input: string): string | null {
  const compact = asciiDigits(input).replace(/[\s.\-()]/g, '');
  const local = compact.replace(/^(\+|00)222/, '');
  return DIGITS.test(local) ? local : null;
}

/** International form for tel: and WhatsApp links. */
export function internationalPhone(phone: string): string {
  return `+222${phone}`;
}

export function whatsappLink(phone: string): string {
  return `https://wa.me/222${phone}`;
}
