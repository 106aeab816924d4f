import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronEndIcon, ChevronStartIcon, CloseIcon } from '../../../components/icons';
import './photo-gallery.css';

export interface GalleryImage {
  id: number;
  url: string;
}

interface PhotoGalleryProps {
  images: GalleryImage[];
  /** The index of the image opened first. */
  start: number;
  /** The offer's name, for the images' alternative text. */
  name: string;
  onClose: () => void;
}

/**
 * 'Expand photo' (issue 20): the offer's original images over the whole screen, in a native modal
 * <dialog> (focus kept inside, Escape closes). One swipes between them (a scroll-snapping strip:
 * the browser's own touch scrolling), or uses the arrows and the keyboard's arrow keys, which follow
 * the reading direction; a double tap or double click zooms in at that point (then the image pans
 * under the finger) and out again.
 */
export function PhotoGallery({ images, start, name, onClose }: PhotoGalleryProps) {
  const { t, i18n } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const [zoomed, setZoomed] = useState(false);
  const rtl = i18n.dir() === 'rtl';
  const total = images.length;

  useEffect(() => {
    const element = dialog.current!;
    // jsdom lacks showModal; the open attribute shows it there all the same.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    strip.current?.children[start]?.scrollIntoView?.({ block: 'nearest', inline: 'start' });
    // Opened once: `start` is only where it begins.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function go(to: number) {
    const next = Math.min(total - 1, Math.max(0, to));
    setZoomed(false);
    setIndex(next);
    strip.current?.children[next]?.scrollIntoView?.({
      behavior: 'smooth',
      block: 'nearest',
      inline: 'start',
    });
  }

  /** After a swipe (or the arrows' smooth scroll) settles: the slide in view is the current one. */
  function onScrollEnd() {
    const element = strip.current;
    if (!element || !element.clientWidth) return;
    // In right-to-left the strip scrolls to negative offsets.
    const at = Math.round(Math.abs(element.scrollLeft) / element.clientWidth);
    if (at !== index) {
      setIndex(at);
      setZoomed(false);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) go(index + 1);
    else if (event.key === back) go(index - 1);
    else return;
    event.preventDefault();
  }

  function onZoom(event: MouseEvent<HTMLImageElement>) {
    const image = event.currentTarget;
    const slide = image.parentElement!;
    if (zoomed) {
      setZoomed(false);
      return;
    }
    // Keep the point tapped under the finger once the image is twice as large.
    const box = image.getBoundingClientRect();
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    setZoomed(true);
    requestAnimationFrame(() => {
      slide.scrollLeft = x * slide.scrollWidth - slide.clientWidth / 2;
      slide.scrollTop = y * slide.scrollHeight - slide.clientHeight / 2;
    });
  }

  return (
    <dialog
      ref={dialog}
      className="photo-gallery"
      aria-label={name}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="photo-gallery__bar">
        <span className="photo-gallery__count" aria-live="polite" dir="ltr">
          {t('gallery_position', { index: index + 1, total })}
        </span>
        <button
          type="button"
          className="photo-gallery__button"
          aria-label={t('close')}
          title={t('close')}
          onClick={onClose}
          autoFocus
        >
          <CloseIcon size={24} />
        </button>
      </div>
      <div
        ref={strip}
        className={
          zoomed ? 'photo-gallery__strip photo-gallery__strip--zoomed' : 'photo-gallery__strip'
        }
        onScrollEnd={onScrollEnd}
      >
        {images.map((image, i) => (
          <div
            key={image.id}
            className={
              zoomed && i === index
                ? 'photo-gallery__slide photo-gallery__slide--zoomed'
                : 'photo-gallery__slide'
            }
          >
            <img
              className="photo-gallery__image"
              src={image.url}
              alt={total > 1 ? `${name} (${i + 1}/${total})` : name}
              decoding="async"
              loading={Math.abs(i - start) > 1 ? 'lazy' : undefined}
              onDoubleClick={onZoom}
              draggable={false}
            />
          </div>
        ))}
      </div>
      {total > 1 && (
        <>
          <button
            type="button"
            className="photo-gallery__button photo-gallery__nav photo-gallery__nav--previous"
            aria-label={t('previous')}
            title={t('previous')}
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            <ChevronStartIcon size={28} />
          </button>
          <button
            type="button"
            className="photo-gallery__button photo-gallery__nav photo-gallery__nav--next"
            aria-label={t('next')}
            title={t('next')}
            disabled={index === total - 1}
            onClick={() => go(index + 1)}
          >
            <ChevronEndIcon size={28} />
          </button>
        </>
      )}
    </dialog>
  );
}
