import { expect, it } from 'vitest';
import { describeEachEngine, nextPhone } from '../../test/harness';

// Issue 20 item 14: a phone keyboard set to Arabic types ٣٦١٢٣٤٥٦; every phone field takes it.
const arabicIndic = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describeEachEngine('phone numbers in Arabic-Indic digits', (ctx) => {
  it('signs up and signs in with them, and stores Western digits', async () => {
    const phone = nextPhone();
    const register = await ctx()
      .client()
      .post('/register', {
        first_name: 'Khadijetou',
        last_name: 'Mint Ahmed',
        phone_1: arabicIndic(phone),
        password: 'long enough pw',
        password_confirmation: 'long enough pw',
      });
    expect(register.statusCode).toBe(201);
    expect(register.json().user.phone_1).toBe(phone);

    const login = await ctx()
      .client()
      .post('/login', { login: arabicIndic(phone), password: 'long enough pw' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.phone_1).toBe(phone);
  });
});
