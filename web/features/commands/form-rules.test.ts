import { describe, expect, it } from 'vitest';
import { commandFormErrors } from './form-rules';

// How the command form reads the server's errors (a pure function: no rendering).

describe('command form errors', () => {
  it('reads a bad field as “{field} bad input”, and adds number_not_available to it', () => {
    expect(
      commandFormErrors({
        number: ['number_not_available'],
        price: ['required'],
        period: ['bad_input'],
        global: ['command_sold'],
      }),
    ).toEqual({
      number: ['number_bad_input', 'number_not_available'],
      price: ['price_bad_input'],
      period: ['period_bad_input'],
      global: ['command_sold'],
    });
  });
});
