import {
  Children,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../lib/use-translation';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { SLIDER_AUTO_MS } from '../../shared/constants';
import { onFirstInput } from '../lib/first-input';
import { useServerRender } from '../lib/render-seed';
import { ChevronEndIcon, ChevronStartIcon } from './icons';
import { PauseIcon, PlayIcon } from './page-icons';
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

/** Height of a video's own control bar: a drag that starts there scrubs the video, not the slider. */
const VIDEO_CONTROLS_PX = 56;

/** Whether a pointer-down should start a swipe: not on a video's control bar. */
function dragsSlider(event: MouseEvent | TouchEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLVideoElement)) return true;
  const point = 'touches' in event ? event.touches[0] : event;
  if (!point) return true;
  return point.clientY < target.getBoundingClientRect().bottom - VIDEO_CONTROLS_PX;
}

/**
 * embla-carousel on the viewport (`ref`), from `start`. On the server's page (the offer's first
 * view) it is loaded at the visitor's first touch, click or key anywhere, not with the page: until
 * then the slider shows its first slide and its buttons keep count (embla starts on the current
 * one). Rendered by the browser itself it is loaded at once.
 */
function useEmbla(options: EmblaOptionsType, start: () => number) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const [waits] = useState(useServerRender() !== null);
  const settings = useRef({ options, start });
  useEffect(() => {
    settings.current = { options, start };
  });
  const direction = options.direction;
  useEffect(() => {
    if (!viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let gone = false;
    const load = () => {
      void import('embla-carousel').then(({ default: EmblaCarousel }) => {
        if (gone) return;
        const { options: current, start: from } = settings.current;
        carousel = EmblaCarousel(viewport, { ...current, direction, startIndex: from() });
        setApi(carousel);
      });
    };
    const cancel = waits ? onFirstInput(load) : (load(), () => {});
    return () => {
      gone = true;
      cancel();
      carousel?.destroy();
      setApi(undefined);
    };
  }, [viewport, waits, direction]);
  return [setViewport, api] as const;
}

/** How far a pointer must travel sideways, more than up or down, to count as a swipe. */
const SWIPE_PX = 40;

/**
 * A swipe made before embla has arrived (it loads at the first input on a server page, and as
 * its own chunk elsewhere) still changes slide: the direction is read from where the pointer went
 * down and where it came up, and the click that follows is swallowed, as embla does after a drag.
 * A swipe that began before embla was there is ours even if embla arrives before it ends, since
 * embla never saw its start.
 */
function useEarlySwipe(ready: boolean, onSwipe: (towardsLeft: boolean) => void) {
  const from = useRef<{ x: number; y: number } | null>(null);
  const swallow = useRef(false);
  return {
    onPointerDown(event: ReactPointerEvent) {
      swallow.current = false;
      from.current =
        ready || event.isPrimary === false ? null : { x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: ReactPointerEvent) {
      const start = from.current;
      from.current = null;
      if (!start) return;
      const dx = event.clientX - start.x;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
      swallow.current = true;
      onSwipe(dx < 0);
    },
    onPointerCancel() {
      from.current = null;
    },
    onClickCapture(event: ReactMouseEvent) {
      if (!swallow.current) return;
      swallow.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}

/**
 * SPEC §2's slider on embla-carousel (issue 15): swipe on touch screens (following the reading
 * direction), previous and next (wrapping around), an 'n / total' counter, one dot per slide, the
 * arrow keys while it has focus, and optional auto-rotation. A slide's content is in the page once
 * it is the current slide or next to it, so a slider of ten photos loads two; the others are inert
 * (neither focused nor read out) while out of view.
 */
export function Slider({ children, label, auto = false, onIndexChange, className }: SliderProps) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const slides = Children.toArray(children);
  const total = slides.length;
  const shown = useRef(0);
  const [viewport, api] = useEmbla(
    {
      direction: rtl ? 'rtl' : 'ltr',
      // Wrapping is done by the buttons: embla's loop needs more than two slides' width.
      loop: false,
      containScroll: false,
      watchDrag: (_api, event) => dragsSlider(event),
    },
    () => shown.current,
  );
  const [index, setIndex] = useState(0);
  /** Slides whose content has been put in the page (the current one and its neighbours). */
  const [reached, setReached] = useState(() => new Set([0, 1, total - 1]));
  const [playing, setPlaying] = useState(auto);
  const [held, setHeld] = useState(false);
  const notify = useRef(onIndexChange);
  useEffect(() => {
    notify.current = onIndexChange;
  });

  const current = total ? Math.min(index, total - 1) : 0;

  const select = useCallback(
    (next: number) => {
      if (shown.current !== next) {
        shown.current = next;
        setIndex(next);
        notify.current?.(next);
      }
      setReached((seen) => {
        const around = [next - 1, next, next + 1].map((i) => (i + total) % total);
        return around.every((i) => seen.has(i)) ? seen : new Set([...seen, ...around]);
      });
    },
    [total],
  );

  // A swipe (or embla's own keyboard focus handling) moves the carousel: follow it.
  useEffect(() => {
    if (!api) return;
    const onSelect = () => {
      select(api.selectedScrollSnap());
      // A video left behind stops playing.
      api.slideNodes().forEach((node, i) => {
        const video = node.querySelector('video');
        if (i !== api.selectedScrollSnap() && video && !video.paused) video.pause();
      });
    };
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api, select]);

  const go = useCallback(
    (step: number) => {
      if (total < 2) return;
      const next = (((current + step) % total) + total) % total;
      select(next);
      // Wrapping from the last slide back to the first jumps rather than scrolls through them all.
      api?.scrollTo(next, Math.abs(next - current) > 1);
    },
    [api, current, total, select],
  );

  // Dragging towards the start of the line brings the next slide, in either direction of reading.
  const earlySwipe = useEarlySwipe(api !== undefined, (towardsLeft) =>
    go(towardsLeft !== rtl ? 1 : -1),
  );

  useEffect(() => {
    if (!playing || held || total < 2) return;
    const timer = window.setInterval(() => go(1), SLIDER_AUTO_MS);
    return () => window.clearInterval(timer);
  }, [playing, held, total, go]);

  function onKeyDown(event: KeyboardEvent) {
    // A focused video or field keeps its own arrow keys.
    if ((event.target as Element).closest('video, input, textarea, select')) return;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) go(1);
    else if (event.key === back) go(-1);
    else return;
    event.preventDefault();
  }

  if (total === 0) return null;
  return (
    <section
      className={['slider', className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setHeld(false)}
    >
      <div
        className="slider__viewport"
        ref={viewport}
        {...earlySwipe}
        dir={rtl ? 'rtl' : 'ltr'}
        // Focusable so that the arrow keys work on the carousel itself (issue 16 item 7).
        tabIndex={total > 1 ? 0 : undefined}
        aria-live={playing ? 'off' : 'polite'}
      >
        <div className="slider__track">
          {slides.map((slide, i) => (
            <div
              key={i}
              className={i === current ? 'slider__slide slider__slide--current' : 'slider__slide'}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide_position', { current: i + 1, total })}
              inert={i !== current}
            >
              {reached.has(i) ? slide : null}
            </div>
          ))}
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
      {total > 1 && (
        <div className="slider__dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={i === current ? 'slider__dot slider__dot--current' : 'slider__dot'}
              aria-label={t('slide_go_to', { current: i + 1, total })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i - current)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
