import { describe, expect, it } from 'vitest';
import { parseDigitCode, typedCode } from './one-time-code';

describe('one-time codes as typed', () => {
  it('reads Arabic-Indic and Eastern digits and drops spaces', () => {
    expect(typedCode(' ١٢٣ ٤٥٦ ')).toBe('123456');
    expect(typedCode('۰۱۲۳۴۵')).toBe('012345');
    expect(typedCode('link-Token_42')).toBe('link-Token_42');
  });

  it('takes exactly six digits as an SMS code', () => {
    expect(parseDigitCode('004217')).toBe('004217');
    expect(parseDigitCode('١٢٣ ٤٥٦')).toBe('123456');
    expect(parseDigitCode('12345')).toBeNull();
    expect(parseDigitCode('1234567')).toBeNull();
    expect(parseDigitCode('12a456')).toBeNull();
    expect(parseDigitCode('')).toBeNull();
  });
});
