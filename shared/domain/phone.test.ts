import { describe, expect, it } from 'vitest';
import { normalizePhone, whatsappLink } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['22123456', '22123456'],
    ['+222 22 12 34 56', '22123456'],
    ['0022236123456', '36123456'],
    ['46-12-34-56', '46123456'],
    ['4612.3456', '46123456'],
    // Issue 20 item 14: Arabic-Indic and Eastern (Persian) digits, as phone keyboards type them.
    ['٣٦١٢٣٤٥٦', '36123456'],
    ['+٢٢٢ ٤٦ ١٢ ٣٤ ٥٦', '46123456'],
    ['۲۲۱۲۳۴۵۶', '22123456'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['', '1234567', '123456789', '12345678', '+33612345678', 'abcdefgh', '2212345a'])(
    'refuses %j',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );

  it('builds WhatsApp links with the country code', () => {
    expect(whatsappLink('22123456')).toBe('https://wa.me/22222123456');
  });
});
