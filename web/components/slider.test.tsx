import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLIDER_AUTO_MS } from '../../shared/constants';
import { renderWithApp } from '../test/render';
import { Slider } from './slider';

const slides = ['un', 'deux', 'trois'].map((s) => <p key={s}>{s}</p>);
const counter = () => document.querySelector('.slider__counter')!.textContent;

afterEach(() => vi.useRealTimers());

describe('Slider', () => {
  it('shows one slide and the position counter', () => {
    renderWithApp(<Slider label="Photos">{slides}</Slider>);
    expect(screen.getByText('un')).toBeInTheDocument();
    expect(screen.queryByText('deux')).not.toBeInTheDocument();
    expect(counter()).toBe('1 / 3');
    expect(screen.getByRole('group', { name: '1 / 3' })).toBeInTheDocument();
  });

  it('goes forward and back, wrapping around, and says so', async () => {
    const user = userEvent.setup();
    const onIndexChange = vi.fn();
    renderWithApp(
      <Slider label="Photos" onIndexChange={onIndexChange}>
        {slides}
      </Slider>,
    );
    const next = screen.getByRole('button', { name: 'Diapositive suivante' });
    const previous = screen.getByRole('button', { name: 'Diapositive précédente' });
    await user.click(next);
    expect(screen.getByText('deux')).toBeInTheDocument();
    expect(counter()).toBe('2 / 3');
    await user.click(next);
    await user.click(next);
    expect(counter()).toBe('1 / 3');
    await user.click(previous);
    expect(screen.getByText('trois')).toBeInTheDocument();
    expect(onIndexChange.mock.calls).toEqual([[1], [2], [0], [2]]);
  });

  it('rotates every 3 s when auto is on, and stops when paused', () => {
    vi.useFakeTimers();
    renderWithApp(
      <Slider label="Photos" auto>
        {slides}
      </Slider>,
    );
    act(() => vi.advanceTimersByTime(SLIDER_AUTO_MS - 1));
    expect(counter()).toBe('1 / 3');
    act(() => vi.advanceTimersByTime(1));
    expect(counter()).toBe('2 / 3');
    act(() => vi.advanceTimersByTime(SLIDER_AUTO_MS));
    expect(counter()).toBe('3 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Mettre en pause le défilement' }));
    act(() => vi.advanceTimersByTime(SLIDER_AUTO_MS * 3));
    expect(counter()).toBe('3 / 3');
  });

  it('holds still while the pointer is over it', () => {
    vi.useFakeTimers();
    renderWithApp(
      <Slider label="Photos" auto>
        {slides}
      </Slider>,
    );
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Photos' }));
    act(() => vi.advanceTimersByTime(SLIDER_AUTO_MS * 2));
    expect(counter()).toBe('1 / 3');
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Photos' }));
    act(() => vi.advanceTimersByTime(SLIDER_AUTO_MS));
    expect(counter()).toBe('2 / 3');
  });

  it('does not rotate by itself without auto', () => {
    vi.useFakeTimers();
    renderWithApp(<Slider label="Photos">{slides}</Slider>);
    act(() => vi.advanceTimersByTime(SLIDER_AUTO_MS * 3));
    expect(counter()).toBe('1 / 3');
  });

  it('follows a swipe, mirrored in right-to-left pages', () => {
    renderWithApp(
      <div dir="rtl">
        <Slider label="صور">{slides}</Slider>
      </div>,
      { language: 'ar' },
    );
    const viewport = document.querySelector('.slider__viewport')!;
    // In RTL the next slide comes from the left: a swipe to the right.
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 180 });
    expect(counter()).toBe('2 / 3');
    fireEvent.pointerDown(viewport, { clientX: 180 });
    fireEvent.pointerUp(viewport, { clientX: 100 });
    expect(counter()).toBe('1 / 3');
    // A small move is a tap, not a swipe.
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 110 });
    expect(counter()).toBe('1 / 3');
  });

  it('has no controls for a single slide', () => {
    renderWithApp(<Slider label="Photos">{[<p key="a">seule</p>]}</Slider>);
    expect(screen.getByText('seule')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
