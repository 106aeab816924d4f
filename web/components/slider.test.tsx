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
  it('shows one slide and the position counter; only the slides next to it are loaded', () => {
    const five = ['un', 'deux', 'trois', 'quatre', 'cinq'].map((s) => <p key={s}>{s}</p>);
    renderWithApp(<Slider label="Photos">{five}</Slider>);
    expect(screen.getByText('un')).toBeInTheDocument();
    // Its neighbours are in the page, inert while out of view; the others are not there yet.
    expect(screen.getByText('deux').closest('[inert]')).not.toBeNull();
    expect(screen.getByText('cinq').closest('[inert]')).not.toBeNull();
    expect(screen.getByText('un').closest('[inert]')).toBeNull();
    expect(screen.queryByText('trois')).not.toBeInTheDocument();
    expect(counter()).toBe('1 / 5');
    expect(screen.getByRole('group', { name: '1 / 5' })).toBeInTheDocument();
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

  it('follows the arrow keys when focused, mirrored in right-to-left pages', () => {
    renderWithApp(<Slider label="صور">{slides}</Slider>, { language: 'ar' });
    const viewport = document.querySelector<HTMLElement>('.slider__viewport')!;
    expect(viewport).toHaveAttribute('dir', 'rtl');
    expect(viewport).toHaveAttribute('tabindex', '0');
    // In right-to-left, the next slide is to the left.
    fireEvent.keyDown(viewport, { key: 'ArrowLeft' });
    expect(counter()).toBe('2 / 3');
    fireEvent.keyDown(viewport, { key: 'ArrowRight' });
    fireEvent.keyDown(viewport, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 3');
  });

  it('follows the arrow keys in left-to-right pages, but leaves a video its own', () => {
    renderWithApp(<Slider label="Photos">{[<video key="v" />, <p key="b">deux</p>]}</Slider>);
    const viewport = document.querySelector<HTMLElement>('.slider__viewport')!;
    expect(viewport).toHaveAttribute('dir', 'ltr');
    fireEvent.keyDown(document.querySelector('video')!, { key: 'ArrowRight' });
    expect(counter()).toBe('1 / 2');
    fireEvent.keyDown(viewport, { key: 'ArrowRight' });
    expect(counter()).toBe('2 / 2');
  });

  it('changes slide on a swipe made before the carousel code has arrived, in the reading direction', () => {
    const { unmount } = renderWithApp(<Slider label="Photos">{slides}</Slider>);
    const swipe = (from: number, to: number, dy = 0) => {
      const viewport = document.querySelector<HTMLElement>('.slider__viewport')!;
      fireEvent.pointerDown(viewport, { clientX: from, clientY: 100, isPrimary: true });
      fireEvent.pointerUp(viewport, { clientX: to, clientY: 100 + dy, isPrimary: true });
    };
    // Towards the start of a left-to-right line: the next slide; back again: the previous.
    swipe(300, 100);
    expect(counter()).toBe('2 / 3');
    swipe(100, 300);
    expect(counter()).toBe('1 / 3');
    // A short move, or one more up and down than sideways, is a tap or a scroll, not a swipe.
    swipe(300, 270);
    swipe(300, 200, 150);
    expect(counter()).toBe('1 / 3');
    unmount();
    renderWithApp(<Slider label="صور">{slides}</Slider>, { language: 'ar' });
    swipe(100, 300);
    expect(counter()).toBe('2 / 3');
  });

  it('has one dot per slide, the current one marked', async () => {
    const user = userEvent.setup();
    const onIndexChange = vi.fn();
    renderWithApp(
      <Slider label="Photos" onIndexChange={onIndexChange}>
        {slides}
      </Slider>,
    );
    const dots = screen.getAllByRole('button', { name: /^Aller à la diapositive/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Aller à la diapositive 3 sur 3' }));
    expect(counter()).toBe('3 / 3');
    expect(dots[2]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
    expect(screen.getByText('trois').closest('[inert]')).toBeNull();
    expect(onIndexChange.mock.calls).toEqual([[2]]);
  });

  it('has no controls for a single slide', () => {
    renderWithApp(<Slider label="Photos">{[<p key="a">seule</p>]}</Slider>);
    expect(screen.getByText('seule')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
