// What someone types to sign in, reset a password or be invited to a shop (issue 33 item 2): a
// phone number in any written form, or an e-mail address. One rule for every place that reads a
// login, and the same e-mail rule as registration and profiles (zod's), so that a login that
// passes here can match a stored address and one that fails never could.

import { z } from 'zod';
import { normalizePhone } from './phone';

export type Login = { phone: string; email?: undefined } | { email: string; phone?: undefined };

const emailRule = z.email();

/** The login in its stored form (8-digit phone, or lower-case e-mail); null if it is neither. */
export function parseLogin(input: string): Login | null {
  const phone = normalizePhone(input);
  if (phone) return { phone };
  const email = input.trim().toLowerCase();
  return emailRule.safeParse(email).success ? { email } : null;
}

/** The login as one string: the key it is stored, matched and counted under. */
export function loginKey(login: Login): string {
  return login.phone ?? login.email;
}
