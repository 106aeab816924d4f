import { describe, expect, it } from 'vitest';
import { checkRentStart, heldAt, peakHeld, rentAvailability, rentEnd } from './rentals';

const hold = (number: number, starts_at: string, ends_at: string) => ({
  number,
  starts_at,
  ends_at,
});

describe('rentals', () => {
  it('ends a rent after calendar months (clamped to the month) or hours; 1 when not given', () => {
    expect(rentEnd('2031-01-31T10:00:00.000Z', 1, 'month')).toBe('2031-02-28T10:00:00.000Z');
    expect(rentEnd('2032-01-31T00:00:00.000Z', 1, 'month')).toBe('2032-02-29T00:00:00.000Z');
    expect(rentEnd('2031-11-15T00:00:00.000Z', 3, 'month')).toBe('2032-02-15T00:00:00.000Z');
    expect(rentEnd('2031-11-15T00:00:00.000Z', null, 'month')).toBe('2031-12-15T00:00:00.000Z');
    expect(rentEnd('2031-01-01T22:30:00.000Z', 5, 'hour')).toBe('2031-01-02T03:30:00.000Z');
    // The column's largest period does not overflow the date: it ends at the last one.
    expect(rentEnd('2031-01-01T00:00:00.000Z', 2_147_483_647, 'month')).toBe(
      '9999-12-31T23:59:59.999Z',
    );
  });

  it('counts the units held at an instant and the most held at once over a period', () => {
    const holds = [
      hold(1, '2031-01-01T00:00:00.000Z', '2031-04-01T00:00:00.000Z'),
      hold(2, '2031-03-01T00:00:00.000Z', '2031-05-01T00:00:00.000Z'),
      hold(1, '2031-06-01T00:00:00.000Z', '2031-07-01T00:00:00.000Z'),
    ];
    expect(heldAt(holds, '2031-01-01T00:00:00.000Z')).toBe(1);
    expect(heldAt(holds, '2031-03-15T00:00:00.000Z')).toBe(3);
    // The end is free: a rent may start the moment another ends.
    expect(heldAt(holds, '2031-05-01T00:00:00.000Z')).toBe(0);
    expect(peakHeld(holds, '2031-02-01T00:00:00.000Z', '2031-02-15T00:00:00.000Z')).toBe(1);
    expect(peakHeld(holds, '2031-02-01T00:00:00.000Z', '2031-03-02T00:00:00.000Z')).toBe(3);
    expect(peakHeld(holds, '2031-05-01T00:00:00.000Z', '2031-06-01T00:00:00.000Z')).toBe(0);
    expect(peakHeld(holds, '2031-05-01T00:00:00.000Z', '2031-06-01T00:00:01.000Z')).toBe(1);
  });

  it('says when a unit is free again, past rents that follow one another', () => {
    const now = '2031-01-10T00:00:00.000Z';
    const running = hold(1, '2031-01-01T00:00:00.000Z', '2031-02-01T00:00:00.000Z');
    expect(rentAvailability(2, [running], now)).toEqual({
      available_number: 1,
      available_from: null,
    });
    expect(rentAvailability(1, [running], now)).toEqual({
      available_number: 0,
      available_from: '2031-02-01T00:00:00.000Z',
    });
    const next = hold(1, '2031-02-01T00:00:00.000Z', '2031-03-01T00:00:00.000Z');
    expect(rentAvailability(1, [running, next], now).available_from).toBe(
      '2031-03-01T00:00:00.000Z',
    );
    expect(rentAvailability(0, [], now)).toEqual({ available_number: 0, available_from: null });
  });

  it('checks an asked start: a date or a date and time, from today to a year ahead', () => {
    const now = new Date('2031-01-10T15:00:00.000Z');
    expect(checkRentStart(undefined, now)).toEqual({ ok: true, value: null });
    expect(checkRentStart('  ', now)).toEqual({ ok: true, value: null });
    expect(checkRentStart('2031-01-10', now)).toEqual({
      ok: true,
      value: '2031-01-10T00:00:00.000Z',
    });
    expect(checkRentStart('2031-02-01T08:30', now)).toEqual({
      ok: true,
      value: '2031-02-01T08:30:00.000Z',
    });
    expect(checkRentStart('2031-02-01T08:30:00.250Z', now)).toEqual({
      ok: true,
      value: '2031-02-01T08:30:00.250Z',
    });
    expect(checkRentStart('2031-02-01T08:30:00+01:00', now)).toEqual({
      ok: true,
      value: '2031-02-01T07:30:00.000Z',
    });
    for (const bad of ['x', '2031-02-30', '2031-13-01', '2031-01-10T25:00', 20310110, {}]) {
      expect(checkRentStart(bad, now), String(bad)).toEqual({ ok: false, error: 'bad_input' });
    }
    expect(checkRentStart('2031-01-09', now)).toEqual({ ok: false, error: 'date_in_past' });
    expect(checkRentStart('2032-01-11', now)).toEqual({ ok: false, error: 'date_too_far' });
  });
});
