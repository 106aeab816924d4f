import { describe, expect, it } from 'vitest';
import {
  availableNumber,
  canBeOrdered,
  canSeeCommand,
  checkCommand,
  commandRules,
  numberLocked,
  showsTotal,
  totalPrice,
  type CommandTarget,
} from './commands';

const target = (overrides: Partial<CommandTarget> = {}): CommandTarget => ({
  number: 5,
  sold_count: 1,
  price: 1000,
  negotiable: 'yes',
  offer_type: 'monthly_rent',
  private: 'no',
  can_be_counted: 'yes',
  can_be_rented: 'yes',
  can_be_priced: 'yes',
  ...overrides,
});

describe('command rules (SPEC §5)', () => {
  it('reads the subcategory flags and the offer type', () => {
    expect(commandRules(target())).toEqual({
      countable: true,
      rentable: true,
      priceable: true,
      priceFixed: false,
    });
    expect(commandRules(target({ offer_type: 'sale' })).rentable).toBe(false);
    expect(commandRules(target({ can_be_rented: 'no' })).rentable).toBe(false);
    expect(commandRules(target({ negotiable: 'no' })).priceFixed).toBe(true);
    expect(commandRules(target({ can_be_priced: 'no', negotiable: 'no' })).priceFixed).toBe(false);
  });

  it('computes availability, blocks ordering at zero, locks the number at one', () => {
    expect(availableNumber(target())).toBe(4);
    expect(availableNumber(target({ sold_count: 9 }))).toBe(0);
    expect(canBeOrdered(target({ sold_count: 5 }))).toBe(false);
    expect(canBeOrdered(target({ sold_count: 5, can_be_counted: 'no' }))).toBe(true);
    expect(numberLocked(target({ sold_count: 4 }))).toBe(true);
    expect(numberLocked(target({ sold_count: 3 }))).toBe(false);
  });

  it('totals price × number (if countable) × period (if set), shown when it differs', () => {
    const countable = { countable: true };
    expect(totalPrice({ price: 100, number: 3, period: 2 }, countable)).toBe(600);
    expect(totalPrice({ price: 100, number: 3, period: null }, countable)).toBe(300);
    expect(totalPrice({ price: 100, number: 3, period: 2 }, { countable: false })).toBe(200);
    expect(totalPrice({ price: null, number: 3, period: 2 }, countable)).toBe(null);
    expect(showsTotal({ price: 100, number: 1, period: null }, countable)).toBe(false);
    expect(showsTotal({ price: 100, number: 2, period: null }, countable)).toBe(true);
  });

  it('accepts numbers and digit strings, defaults the quantity to 1', () => {
    expect(checkCommand({ number: '2', period: 3, price: '900' }, target())).toEqual({
      ok: true,
      value: { number: 2, period: 3, price: 900, starts_at: null },
    });
    expect(checkCommand({}, target())).toEqual({
      ok: true,
      value: { number: 1, period: null, price: 1000, starts_at: null },
    });
  });

  it('puts each broken rule under its field', () => {
    expect(checkCommand({ number: 0, period: '1.5', price: -1 }, target())).toEqual({
      ok: false,
      errors: { number: ['bad_input'], period: ['bad_input'], price: ['bad_input'] },
    });
    expect(checkCommand({ number: 5 }, target())).toEqual({
      ok: false,
      errors: { number: ['number_not_available'] },
    });
    expect(checkCommand({}, target({ price: null }))).toEqual({
      ok: false,
      errors: { price: ['required'] },
    });
  });

  it('ignores what a flag switches off, and fixes a non-negotiable price', () => {
    const t = target({
      can_be_counted: 'no',
      can_be_rented: 'no',
      can_be_priced: 'no',
      sold_count: 5,
    });
    expect(checkCommand({ number: 9, period: 0, price: 'x' }, t)).toEqual({
      ok: true,
      value: { number: 1, period: null, price: null, starts_at: null },
    });
    expect(checkCommand({ price: 5 }, target({ negotiable: 'no' }))).toEqual({
      ok: true,
      value: { number: 1, period: null, price: 1000, starts_at: null },
    });
  });

  it('shows private commands to their author, the shop managers and site admins only', () => {
    const command = { user_id: 1, private: 'yes' };
    const open = { private: 'no' };
    const author = { id: 1, role: 'user' as const };
    const other = { id: 2, role: 'user' as const };
    expect(canSeeCommand(author, command, open, null)).toBe(true);
    expect(canSeeCommand(other, command, open, null)).toBe(false);
    expect(canSeeCommand(other, command, open, 'employee')).toBe(false);
    expect(canSeeCommand(other, command, open, 'moderator')).toBe(true);
    expect(canSeeCommand({ id: 3, role: 'admin' }, command, open, null)).toBe(true);
    expect(canSeeCommand(null, { ...command, private: 'no' }, open, null)).toBe(true);
    expect(canSeeCommand(null, { ...command, private: 'no' }, { private: 'yes' }, null)).toBe(
      false,
    );
  });
});
