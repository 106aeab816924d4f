import { expect } from 'vitest';
import { nextPhone, TEST_PASSWORD, type TestContext } from '../../test/harness';
import type { startSmsReceiver } from '../../messaging/test-receivers';
import { register } from './users.service';

// What the password-reset and phone-verification suites share: a new account, a signed-in client,
// and the code of the text just sent.

export const NEW_PASSWORD = 'a brand new password';

type SmsReceiver = Awaited<ReturnType<typeof startSmsReceiver>>;

/** The six-digit code at the end of a text. */
export const codeOf = (text: string) => /#(\d{6})$/.exec(text)![1];

/** The code of the next text sent to this phone. */
export async function smsCode(sms: SmsReceiver, phone: string): Promise<string> {
  return codeOf((await sms.next(`+222${phone}`)).text);
}

/** A code of the same shape that is not this one. */
export const otherCode = (code: string) => (code === '000000' ? '000001' : '000000');

export const toArabicIndic = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** The body of POST /password/reset with NEW_PASSWORD. */
export const resetBody = (login: string, code: string) => ({
  login,
  code,
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
});

export async function newAccount(
  ctx: TestContext,
  extra: { email?: string; language?: 'ar' | 'fr' } = {},
) {
  const phone = nextPhone();
  const user = await register(
    ctx.app.db,
    {
      first_name: 'Mariem',
      last_name: 'Sall',
      phone_1: phone,
      email: extra.email ?? null,
      language: extra.language,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    },
    ctx.config.scryptLogN,
  );
  return { id: user.id, phone };
}

export async function signedIn(ctx: TestContext, phone: string) {
  const client = ctx.client();
  const res = await client.post('/login', { login: phone, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return client;
}
