import { describe, expect, it } from 'vitest';
import { median, ratingRefusal, roundedAverage, RATING_WINDOW_DAYS } from './ratings';

const accepted = '2025-01-01T00:00:00.000Z';
const day = 86_400_000;
const command = { user_id: 7, type: 'offer', sold: 1, accepted_at: accepted };

describe('ratingRefusal', () => {
  it('lets the author of an accepted command rate within the window', () => {
    expect(ratingRefusal(7, command, false, Date.parse(accepted) + day)).toBeNull();
    const last = Date.parse(accepted) + RATING_WINDOW_DAYS * day;
    expect(ratingRefusal(7, command, false, last)).toBeNull();
  });
  it('refuses everyone else and every other state', () => {
    const at = Date.parse(accepted) + day;
    expect(ratingRefusal(8, command, false, at)).toBe('forbidden');
    expect(ratingRefusal(7, command, true, at)).toBe('forbidden');
    expect(ratingRefusal(7, { ...command, type: 'demand' }, false, at)).toBe('forbidden');
    expect(ratingRefusal(7, { ...command, sold: 0 }, false, at)).toBe('command_not_accepted');
    expect(ratingRefusal(7, { ...command, accepted_at: null }, false, at)).toBe(
      'command_not_accepted',
    );
    const late = Date.parse(accepted) + RATING_WINDOW_DAYS * day + 1;
    expect(ratingRefusal(7, command, false, late)).toBe('rating_window_over');
  });
});

describe('roundedAverage and median', () => {
  it('rounds to one decimal and says nothing without ratings', () => {
    expect(roundedAverage(14, 3)).toBe(4.7);
    expect(roundedAverage(0, 0)).toBeNull();
  });
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
});
