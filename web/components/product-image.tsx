import type { ImgHTMLAttributes } from 'react';

/** A stored image in its two sizes (a product file, a card's image), with their pixel sizes. */
export interface ImageFile {
  url: string;
  small_url: string;
  width?: number | null;
  height?: number | null;
  small_width?: number | null;
  small_height?: number | null;
}

type ImgProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'decoding'
>;

interface ProductImageProps extends ImgProps {
  file: ImageFile;
  alt: string;
  /** How wide the image is drawn, for the browser's choice in `srcset` (the page's width if unsaid). */
  sizes?: string;
  /** The page's main image (LCP): loaded at once, first. Others load lazily, decoded off-thread. */
  priority?: boolean;
  /**
   * Which file `src` names: the small one (the default) or the original. With `srcSet: false` it is
   * the only one offered (SPEC §4's first slide shows the small image until the first change).
   */
  src?: 'small' | 'original';
  srcSet?: boolean;
  /** `width` and `height` when the file's own are unknown: the ratio of the box it fills. */
  fallbackSize?: { width: number; height: number };
}

/** `srcset` with both sizes and their widths, or undefined when they are unknown or the same. */
export function srcSetOf(file: ImageFile): string | undefined {
  const { width, small_width } = file;
  if (!width || !small_width || width <= small_width) return undefined;
  return `${file.small_url} ${small_width}w, ${file.url} ${width}w`;
}

/**
 * A product image (issue 16 item 4): `srcset` from the small and original files with their widths,
 * `width` and `height` so that its box is reserved before it arrives (no layout shift), lazy and
 * decoded off the main thread unless it is the page's main image.
 */
export function ProductImage({
  file,
  alt,
  sizes = '100vw',
  priority = false,
  src = 'small',
  srcSet = true,
  fallbackSize,
  ...rest
}: ProductImageProps) {
  const set = srcSet ? srcSetOf(file) : undefined;
  const small = src === 'small' && !srcSet;
  const width = (small ? file.small_width : file.width) ?? fallbackSize?.width;
  const height = (small ? file.small_height : file.height) ?? fallbackSize?.height;
  return (
    <img
      {...rest}
      src={src === 'original' ? file.url : file.small_url}
      srcSet={set}
      sizes={set ? sizes : undefined}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
    />
  );
}
