import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLLER } from '../../shared/constants';
import { renderWithApp } from '../test/render';
import { Scroller } from './scroller';

function cards(n: number) {
  return Array.from({ length: n }, (_, i) => <article key={i}>card {i + 1}</article>);
}

/** jsdom lays nothing out: give the track a size and a scroll position. */
function layOut(
  track: HTMLElement,
  { scrollWidth = 1500, clientWidth = 600, scrollLeft = 0 } = {},
) {
  Object.defineProperty(track, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(track, 'scrollLeft', {
    configurable: true,
    value: scrollLeft,
    writable: true,
  });
  track.scrollBy = vi.fn();
  fireEvent.scroll(track);
}

function mockPointer(coarse: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Scroller', () => {
  it('lays the cards out in a labelled list, 300 px wide', () => {
    renderWithApp(<Scroller label="Boutiques">{cards(3)}</Scroller>);
    const list = screen.getByRole('list', { name: 'Boutiques' });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(list.parentElement!.style.getPropertyValue('--scroller-card')).toBe(
      `${SCROLLER.cardWidthPx}px`,
    );
  });

  it('has no arrows when everything fits', () => {
    renderWithApp(<Scroller label="Boutiques">{cards(1)}</Scroller>);
    layOut(screen.getByRole('list'), { scrollWidth: 300, clientWidth: 600 });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('moves 200 px towards the end or the start in a left-to-right page', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <div dir="ltr">
        <Scroller label="Boutiques">{cards(6)}</Scroller>
      </div>,
    );
    const track = screen.getByRole('list');
    layOut(track, { scrollLeft: 300 });
    await user.click(screen.getByRole('button', { name: 'Défiler vers l’avant' }));
    expect(track.scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });
    await user.click(screen.getByRole('button', { name: 'Défiler vers l’arrière' }));
    expect(track.scrollBy).toHaveBeenLastCalledWith({ left: -200, behavior: 'smooth' });
  });

  it('mirrors the arrows in a right-to-left page', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <div dir="rtl">
        <Scroller label="المتاجر">{cards(6)}</Scroller>
      </div>,
      { language: 'ar' },
    );
    const track = screen.getByRole('list');
    // In RTL the scroll position runs negative from the start.
    layOut(track, { scrollLeft: -300 });
    await user.click(screen.getByRole('button', { name: 'تمرير إلى الأمام' }));
    expect(track.scrollBy).toHaveBeenLastCalledWith({ left: -200, behavior: 'smooth' });
    await user.click(screen.getByRole('button', { name: 'تمرير إلى الخلف' }));
    expect(track.scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });
  });

  it('disables the arrow of the edge it stands at', () => {
    renderWithApp(<Scroller label="Boutiques">{cards(6)}</Scroller>);
    const track = screen.getByRole('list');
    layOut(track, { scrollLeft: 0 });
    expect(screen.getByRole('button', { name: 'Défiler vers l’arrière' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Défiler vers l’avant' })).toBeEnabled();
    layOut(track, { scrollLeft: 900 });
    expect(screen.getByRole('button', { name: 'Défiler vers l’avant' })).toBeDisabled();
  });

  it('leaves the arrows out on touch screens', () => {
    mockPointer(true);
    renderWithApp(<Scroller label="Boutiques">{cards(6)}</Scroller>);
    layOut(screen.getByRole('list'), { scrollLeft: 300 });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows them with a mouse', () => {
    mockPointer(false);
    renderWithApp(<Scroller label="Boutiques">{cards(6)}</Scroller>);
    layOut(screen.getByRole('list'), { scrollLeft: 300 });
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });
});
