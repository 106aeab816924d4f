import {
  Children,
  isValidElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useTranslation } from '../lib/use-translation';
import { SCROLLER } from '../../shared/constants';
import { ChevronEndIcon, ChevronStartIcon } from './icons';
import './scroller.css';

interface ScrollerProps {
  /** The cards; each is laid out 300 px wide (SPEC §2). */
  children: ReactNode;
  /** Names the list for screen readers. */
  label: string;
  className?: string;
}

/** No arrows: everything fits, or a touch screen, where a swipe does the job. */
const NO_ARROWS = { overflow: false, atStart: true, atEnd: true };

function isRtl(element: Element): boolean {
  const owner = element.closest('[dir]');
  return (owner?.getAttribute('dir') ?? document.documentElement.dir) === 'rtl';
}

/**
 * A horizontal row of 300 px cards (SPEC §2). Arrows move it by 200 px towards the start or the
 * end of the line (so they mirror in right-to-left pages) and are left out on touch screens,
 * where a swipe does the job.
 */
export function Scroller({ children, label, className }: ScrollerProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState(NO_ARROWS);

  // Read in an effect, not while rendering: the server's HTML has no arrows, and a value the
  // browser reads while hydrating (a media query through useSyncExternalStore) would re-render
  // every row of cards at once, in one long task, just after hydrating them.
  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    // In RTL, scrollLeft runs from 0 down to negative values: its size is the distance travelled.
    const travelled = Math.abs(element.scrollLeft);
    const room = element.scrollWidth - element.clientWidth;
    const touch =
      typeof window.matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
    const next =
      touch || room <= 1
        ? NO_ARROWS
        : { overflow: true, atStart: travelled <= 1, atEnd: travelled >= room - 1 };
    setEdges((edges) =>
      edges.overflow === next.overflow &&
      edges.atStart === next.atStart &&
      edges.atEnd === next.atEnd
        ? edges
        : next,
    );
  }, []);

  useEffect(() => {
    measure();
    const element = track.current;
    if (!element) return;
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  const move = (towards: 'start' | 'end') => {
    const element = track.current;
    if (!element) return;
    const forward = towards === 'end' ? 1 : -1;
    const sign = isRtl(element) ? -forward : forward;
    element.scrollBy({ left: sign * SCROLLER.stepPx, behavior: 'smooth' });
  };

  const arrows = edges.overflow;
  return (
    <div
      className={['scroller', className].filter(Boolean).join(' ')}
      style={{ '--scroller-card': `${SCROLLER.cardWidthPx}px` } as CSSProperties}
    >
      {arrows && (
        <button
          type="button"
          className="scroller__arrow scroller__arrow--start"
          aria-label={t('scroll_previous')}
          disabled={edges.atStart}
          onClick={() => move('start')}
        >
          <ChevronStartIcon />
        </button>
      )}
      <ul ref={track} className="scroller__track" aria-label={label}>
        {Children.toArray(children).map((child, index) => (
          <li
            key={isValidElement(child) && child.key !== null ? child.key : index}
            className="scroller__item"
          >
            {child}
          </li>
        ))}
      </ul>
      {arrows && (
        <button
          type="button"
          className="scroller__arrow scroller__arrow--end"
          aria-label={t('scroll_next')}
          disabled={edges.atEnd}
          onClick={() => move('end')}
        >
          <ChevronEndIcon />
        </button>
      )}
    </div>
  );
}
