import { ACCOUNT_CODES } from '../constants';
import { asciiDigits } from './normalize';

// Issue 21, issue 33 item 2: the one reading of a one-time code as a person types it, for the
// server (checking any code: SMS digits or an e-mail link's token) and the two web forms that ask
// for the SMS code (password reset, phone check) before sending it.

/** The code as typed: Arabic-Indic or Eastern digits count as digits, spaces are dropped. */
export function typedCode(text: string): string {
  return asciiDigits(text).replace(/\s/g, '');
}

const DIGIT_CODE = new RegExp(`^\\d{${ACCOUNT_CODES.digits}}$`);

/** An SMS code (ACCOUNT_CODES.digits digits, any script, spaces allowed) in ASCII; null if not one. */
export function parseDigitCode(text: string): string | null {
  const code = typedCode(text);
  return DIGIT_CODE.test(code) ? code : null;
}
