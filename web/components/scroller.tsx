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
import { useMediaQuery } from '../lib/use-media-query';
import { ChevronEndIcon, ChevronStartIcon } from './icons';
import './scroller.css';

interface ScrollerProps {
  /** The cards; each is laid out 300 px wide (SPEC §2). */
  children: ReactNode;
  /** Names the list for screen readers. */
  label: string;
  className?: string;
}

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
  const touch = useMediaQuery('(pointer: coarse)');
  const [edges, setEdges] = useState({ overflow: false, atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    // In RTL, scrollLeft runs from 0 down to negative values: its size is the distance travelled.
    const travelled = Math.abs(element.scrollLeft);
    const room = element.scrollWidth - element.clientWidth;
    setEdges({ overflow: room > 1, atStart: travelled <= 1, atEnd: travelled >= room - 1 });
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

  const arrows = !touch && edges.overflow;
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
