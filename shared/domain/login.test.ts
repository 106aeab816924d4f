import { describe, expect, it } from 'vitest';
import { loginKey, parseLogin } from './login';

describe('parseLogin', () => {
  it.each([
    ['22123456', { phone: '22123456' }],
    ['+222 22 12 34 56', { phone: '22123456' }],
    ['٣٦١٢٣٤٥٦', { phone: '36123456' }],
    ['Vendeur@Souq.mr', { email: 'vendeur@souq.mr' }],
    ['  a@example.mr ', { email: 'a@example.mr' }],
  ])('%j → %j', (input, expected) => {
    expect(parseLogin(input)).toEqual(expected);
  });

  // The three copies it replaces disagreed: `a@b` passed the invitation rule but not the reset
  // rule; registration (zod) refuses it, so no account can have it.
  it.each(['', '   ', 'a@b', 'a b@c.mr', '@souq.mr', 'vendeur@', '1234567', 'vendeur'])(
    'refuses %j',
    (input) => {
      expect(parseLogin(input)).toBeNull();
    },
  );

  it('gives the key a login is stored under', () => {
    expect(loginKey(parseLogin('+222 46 12 34 56')!)).toBe('46123456');
    expect(loginKey(parseLogin('A@Souq.mr')!)).toBe('a@souq.mr');
  });
});
