import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { RelativeTime } from './relative-time';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();
const DAY = 86_400;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

function label(seconds: number, language: 'ar' | 'fr') {
  const { unmount } = renderWithApp(<RelativeTime date={ago(seconds)} />, { language });
  const text = document.querySelector('time')!.textContent;
  unmount();
  return text;
}

describe('RelativeTime', () => {
  it.each([
    [10, 'à l’instant'],
    [60, 'il y a 1 minute'],
    [5 * 60, 'il y a 5 minutes'],
    [3600, 'il y a 1 heure'],
    [3 * DAY, 'il y a 3 jours'],
    [45 * DAY, 'il y a 1 mois'],
    [200 * DAY, 'il y a 6 mois'],
    [400 * DAY, 'il y a 1 an'],
    [800 * DAY, 'il y a 2 ans'],
  ])('%i s ago in French: %s', (seconds, expected) => {
    expect(label(seconds, 'fr')).toBe(expected);
  });

  it.each([
    [10, 'الآن'],
    [60, 'منذ دقيقة'],
    [120, 'منذ دقيقتين'],
    [3 * 60, 'منذ 3 دقائق'],
    [11 * 60, 'منذ 11 دقيقة'],
    [2 * 3600, 'منذ ساعتين'],
    [5 * 3600, 'منذ 5 ساعات'],
    [DAY, 'منذ يوم'],
    [15 * DAY, 'منذ 15 يومًا'],
    [300 * DAY, 'منذ 10 أشهر'],
    [2 * 360 * DAY, 'منذ سنتين'],
    [100 * 360 * DAY, 'منذ 100 سنة'],
  ])('%i s ago in Arabic: %s', (seconds, expected) => {
    expect(label(seconds, 'ar')).toBe(expected);
  });

  it('carries the machine date and the full date on hover', () => {
    renderWithApp(<RelativeTime date={ago(90)} />);
    const time = document.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', ago(90));
    expect(time.getAttribute('title')).toMatch(/2026/);
  });

  it('refreshes every 30 s under a minute', () => {
    renderWithApp(<RelativeTime date={ago(20)} />);
    expect(screen.getByText('à l’instant')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('à l’instant')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('il y a 1 minute')).toBeInTheDocument();
  });

  it('refreshes every 5 min under an hour', () => {
    renderWithApp(<RelativeTime date={ago(120)} />);
    act(() => vi.advanceTimersByTime(299_000));
    expect(screen.getByText('il y a 2 minutes')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('il y a 7 minutes')).toBeInTheDocument();
  });

  it('sets no timer from an hour on', () => {
    renderWithApp(<RelativeTime date={ago(2 * 3600)} />);
    expect(vi.getTimerCount()).toBe(0);
  });
});
