import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronEndIcon, ChevronStartIcon, CloseIcon } from '../../../components/icons';
import { ProductImage, type ImageFile } from '../../../components/product-image';
import { beforeRouterPop } from '../../../lib/history-guard';
import './photo-gallery.css';

export interface GalleryImage extends Partial<ImageFile> {
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

/** The mark of the gallery's history entry (beside the router's state and the offer modal's). */
const MARK = 'souqGallery';
const galleryEntry = () =>
  Boolean((window.history.state as Record<string, unknown> | null)?.[MARK]);

/**
 * Issue 35 item 9: the open gallery is an entry of the browser's history (same address), so that
 * Back (the button, a phone's gesture) closes the gallery only, not the offer modal or page under
 * it. Returns the way to close it: Back when its entry is the current one, which closes it.
 */
function useHistoryEntry(closed: () => void): () => void {
  const onClosed = useRef(closed);
  useEffect(() => {
    onClosed.current = closed;
  });
  useEffect(() => {
    // The router's and the offer modal's state stay in the entry: for them nothing changed.
    if (!galleryEntry()) {
      window.history.pushState({ ...(window.history.state as object | null), [MARK]: true }, '');
    }
    // Before the router hears of it: Back from the gallery's entry returns to the same address,
    // which the router, under an offer modal, never took for its own (offer-history.ts) and
    // would open as a page.
    return beforeRouterPop(() => {
      if (galleryEntry()) return false;
      onClosed.current();
      return true;
    });
  }, []);
  return () => {
    if (galleryEntry()) window.history.back();
    else onClosed.current();
  };
}

/**
 * 'Expand photo' (issue 20): the offer's original images over the whole screen, in a native modal
 * <dialog> (focus kept inside, Escape closes). One swipes between them (embla-carousel, in the
 * reading direction), or uses the arrows and the keyboard's arrow keys, which follow the reading
 * direction; a double tap or double click zooms in at that point (then the image pans under the
 * finger, and swiping waits until it is zoomed out) and out again. Always the originals, whatever
 * the screen (no `srcset`): zooming is what this view is for.
 */
export function PhotoGallery({ images, start, name, onClose: closed }: PhotoGalleryProps) {
  const { t, i18n } = useTranslation();
  const onClose = useHistoryEntry(closed);
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const [zoomed, setZoomed] = useState(false);
  const rtl = i18n.dir() === 'rtl';
  const total = images.length;
  const zoomedNow = useRef(false);
  useEffect(() => {
    zoomedNow.current = zoomed;
  });
  const [strip, api] = useEmblaCarousel({
    direction: rtl ? 'rtl' : 'ltr',
    startIndex: start,
    containScroll: false,
    // A zoomed image pans under the finger; the strip waits.
    watchDrag: () => !zoomedNow.current,
  });

  // A swipe settles on a slide: it is the current one.
  useEffect(() => {
    if (!api) return;
    const onSelect = () => {
      setIndex(api.selectedScrollSnap());
      setZoomed(false);
    };
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  useEffect(() => {
    const element = dialog.current!;
    // jsdom lacks showModal; the open attribute shows it there all the same.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);

  function go(to: number) {
    const next = Math.min(total - 1, Math.max(0, to));
    setZoomed(false);
    setIndex(next);
    api?.scrollTo(next);
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
      <div ref={strip} className="photo-gallery__strip" dir={rtl ? 'rtl' : 'ltr'}>
        <div className="photo-gallery__track">
          {images.map((image, i) => (
            <div
              key={image.id}
              className={
                zoomed && i === index
                  ? 'photo-gallery__slide photo-gallery__slide--zoomed'
                  : 'photo-gallery__slide'
              }
            >
              <ProductImage
                className="photo-gallery__image"
                file={{ small_url: image.url, ...image }}
                src="original"
                srcSet={false}
                alt={total > 1 ? `${name} (${i + 1}/${total})` : name}
                // The one opened and its neighbours at once; the others when reached.
                priority={Math.abs(i - start) <= 1}
                onDoubleClick={onZoom}
                draggable={false}
              />
            </div>
          ))}
        </div>
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
