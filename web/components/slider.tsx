import {
  Children,
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { SLIDER_AUTO_MS } from '../../shared/constants';
import { ChevronEndIcon, ChevronStartIcon, PauseIcon, PlayIcon } from './icons';
import './slider.css';

interface SliderProps {
  /** One slide per child. */
  children: ReactNode;
  label: string;
  /** Move to the next slide every 3 s (SPEC §9) until the user pauses, hovers or focuses it. */
  auto?: boolean;
  /** Told of every change of slide (the image slider swaps in the original image then). */
  onIndexChange?: (index: number) => void;
  className?: string;
}

const SWIPE_PX = 40;

function isRtl(element: Element | null): boolean {
  const owner = element?.closest('[dir]');
  return (owner?.getAttribute('dir') ?? document.documentElement.dir) === 'rtl';
}

/**
 * SPEC §2's slider: previous and next (wrapping around), an 'n / total' counter, a swipe on touch
 * screens, and optional auto-rotation. Only the current slide is in the page, so a slider of ten
 * photos loads one.
 */
export function Slider({ children, label, auto = false, onIndexChange, className }: SliderProps) {
  const { t } = useTranslation();
  const slides = Children.toArray(children);
  const total = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(auto);
  const [held, setHeld] = useState(false);
  const root = useRef<HTMLElement>(null);
  const swipeStart = useRef<number | null>(null);
  const notify = useRef(onIndexChange);
  useEffect(() => {
    notify.current = onIndexChange;
  });

  const current = total ? Math.min(index, total - 1) : 0;

  const go = useCallback(
    (step: number) => {
      if (total < 2) return;
      const next = (((current + step) % total) + total) % total;
      setIndex(next);
      notify.current?.(next);
    },
    [current, total],
  );

  useEffect(() => {
    if (!playing || held || total < 2) return;
    const timer = window.setInterval(() => go(1), SLIDER_AUTO_MS);
    return () => window.clearInterval(timer);
  }, [playing, held, total, go]);

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) < SWIPE_PX) return;
    // A swipe towards the start of the line brings the next slide, whatever the direction.
    const towardsStart = isRtl(root.current) ? dx > 0 : dx < 0;
    go(towardsStart ? 1 : -1);
  };

  if (total === 0) return null;
  return (
    <section
      ref={root}
      className={['slider', className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setHeld(false)}
    >
      <div
        className="slider__viewport"
        aria-live={playing ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <div
          key={current}
          className="slider__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={t('slide_position', { current: current + 1, total })}
        >
          {slides[current]}
        </div>
      </div>
      {total > 1 && (
        <div className="slider__controls">
          <button
            type="button"
            className="icon-button slider__button"
            aria-label={t('slide_previous')}
            onClick={() => go(-1)}
          >
            <ChevronStartIcon />
          </button>
          <span className="slider__counter" aria-hidden="true">
            {t('slide_position', { current: current + 1, total })}
          </span>
          <button
            type="button"
            className="icon-button slider__button"
            aria-label={t('slide_next')}
            onClick={() => go(1)}
          >
            <ChevronEndIcon />
          </button>
          {auto && (
            <button
              type="button"
              className="icon-button slider__button"
              aria-label={playing ? t('slider_pause') : t('slider_play')}
              aria-pressed={!playing}
              onClick={() => setPlaying((value) => !value)}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
