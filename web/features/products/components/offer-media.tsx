import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Pfile } from '../../../../shared/schemas/products';
import { ExpandIcon, ImageIcon } from '../../../components/product-icons';
import { ProductImage } from '../../../components/product-image';
import { Slider } from '../../../components/slider';
import { afterDictionary } from '../../../lib/i18n';
import './offer-media.css';
import { useRenderRandom } from '../../../lib/render-seed';

// The full-screen viewer (with embla, its swiping) is loaded when first opened: it is most of the
// offer's photos' code, which the offer page's first view (its islands) would load for nothing.
const PhotoGallery = lazy(() =>
  afterDictionary(import('./photo-gallery')).then((m) => ({ default: m.PhotoGallery })),
);

/** Fisher–Yates: SPEC §4 shuffles an offer's images on every load. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

interface OfferMediaProps {
  files: Pfile[];
  /** The offer's name, for the images' alternative text. */
  name: string;
  /**
   * Without files, an empty image box (an offer); without it, nothing (issue 35 item 10: a demand
   * without a photo, the page's text takes the width).
   */
  placeholder?: boolean;
}

/** The slider spans the page on a phone and the wider of two columns from 1024 px (offer-view.css). */
const SLIDE_SIZES = '(min-width: 1024px) 55vw, 100vw';
/** The 4:3 slide box, for a file whose size is unknown. */
const SLIDE_BOX = { width: 640, height: 480 };
/** The frame's shape follows the first photo's, within these (a panorama, a tall portrait). */
const RATIO_MIN = 3 / 4;
const RATIO_MAX = 16 / 9;

/**
 * Issue 35 item 8: every slide has the first one's shape (known from its file's size before any
 * image loads: no layout shift), between a portrait's 3:4 and a wide 16:9.
 */
export function frameRatio(file: Pfile | undefined): number {
  const ratio =
    file?.width && file.height ? file.width / file.height : SLIDE_BOX.width / SLIDE_BOX.height;
  return Math.min(RATIO_MAX, Math.max(RATIO_MIN, ratio));
}

/**
 * The image and video slider of the full offer view (SPEC §2, §4): the order is shuffled on load;
 * images show their small variant until the first change of slide or a click on 'expand', and
 * from then on the original, or the small one where the browser finds it sharp enough (`srcset`).
 * The first slide is the page's main image: loaded at once, first (issue 16 item 4).
 */
export function OfferMedia({ files, name, placeholder = true }: OfferMediaProps) {
  const { t } = useTranslation();
  // The server's seed on the first page (its HTML shows the same order), else Math.random.
  const random = useRenderRandom(files[0]?.id ?? 0);
  const [order] = useState(() => shuffle(files, random));
  const [original, setOriginal] = useState(false);
  /** The image the full-screen gallery opened on, if open. */
  const [expanded, setExpanded] = useState<number | null>(null);

  if (order.length === 0) {
    if (!placeholder) return null;
    return (
      <div className="offer-media offer-media--empty">
        <ImageIcon size={56} />
      </div>
    );
  }
  const total = order.length;
  const images = order.filter((file) => file.type !== 'video');
  return (
    <div
      className="offer-media"
      style={{ '--offer-media-ratio': frameRatio(order[0]).toFixed(4) } as CSSProperties}
    >
      <Slider label={t('photos_videos')} onIndexChange={() => setOriginal(true)}>
        {order.map((file, index) => (
          <div key={file.id} className="offer-media__slide">
            {file.type === 'video' ? (
              <video
                className="offer-media__video"
                src={file.url}
                poster={file.poster_url ?? undefined}
                width={file.width ?? SLIDE_BOX.width}
                height={file.height ?? SLIDE_BOX.height}
                controls
                preload="metadata"
                playsInline
              />
            ) : (
              <>
                {/* A photo of another shape sits centred, whole, on a blurred copy of itself. */}
                <span
                  className="offer-media__fill"
                  aria-hidden="true"
                  style={{ backgroundImage: `url(${JSON.stringify(file.small_url)})` }}
                />
                <ProductImage
                  className="offer-media__image"
                  file={file}
                  src={original ? 'original' : 'small'}
                  srcSet={original}
                  sizes={SLIDE_SIZES}
                  alt={total > 1 ? `${name} (${index + 1}/${total})` : name}
                  priority={index === 0}
                  fallbackSize={SLIDE_BOX}
                  // A drag is the slider's swipe, not the browser's image drag.
                  draggable={false}
                />
                <button
                  type="button"
                  className="icon-button offer-media__expand"
                  aria-label={t('expand_image')}
                  onClick={() => {
                    setOriginal(true);
                    setExpanded(images.indexOf(file));
                  }}
                >
                  <ExpandIcon size={20} />
                </button>
              </>
            )}
          </div>
        ))}
      </Slider>
      {expanded !== null && (
        <Suspense fallback={null}>
          <PhotoGallery
            images={images}
            start={expanded}
            name={name}
            onClose={() => setExpanded(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
