import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each([
    '12345678',
    'Password1',
    'AZERTYUIOP',
    ' motdepasse ',
    'aaaaaaaa',
    '00000000',
    'Nouakchott',
  ])('refuses %j', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['test-password-1', 'souq-demo-2026', 'a-good-password', 'une chèvre au marché'])(
    'accepts %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
