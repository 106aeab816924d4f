import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage, srcSetOf } from './product-image';

const file = {
  url: '/media/a.webp',
  small_url: '/media/a-small.webp',
  width: 2048,
  height: 1365,
  small_width: 480,
  small_height: 320,
};

describe('ProductImage', () => {
  it('offers both files with their widths, its size, and loads lazily below the fold', () => {
    render(<ProductImage file={file} alt="Hilux" sizes="300px" />);
    const image = screen.getByRole('img', { name: 'Hilux' });
    expect(image).toHaveAttribute('src', '/media/a-small.webp');
    expect(image).toHaveAttribute('srcset', '/media/a-small.webp 480w, /media/a.webp 2048w');
    expect(image).toHaveAttribute('sizes', '300px');
    expect(image).toHaveAttribute('width', '2048');
    expect(image).toHaveAttribute('height', '1365');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('loads the page’s main image at once and first', () => {
    render(<ProductImage file={file} alt="Hilux" priority />);
    const image = screen.getByRole('img', { name: 'Hilux' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('decoding');
    expect(image).toHaveAttribute('sizes', '100vw');
  });

  it('names only the small file, with its own size, when asked', () => {
    render(<ProductImage file={file} alt="Hilux" srcSet={false} />);
    const image = screen.getByRole('img', { name: 'Hilux' });
    expect(image).toHaveAttribute('src', '/media/a-small.webp');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '320');
  });

  it('falls back to the box’s ratio and one file when the sizes are unknown', () => {
    render(
      <ProductImage
        file={{ url: '/media/b.webp', small_url: '/media/b-small.webp', width: null }}
        alt="Hilux"
        src="original"
        fallbackSize={{ width: 4, height: 3 }}
      />,
    );
    const image = screen.getByRole('img', { name: 'Hilux' });
    expect(image).toHaveAttribute('src', '/media/b.webp');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).toHaveAttribute('width', '4');
    expect(image).toHaveAttribute('height', '3');
  });

  it('lists one file only once: an image no wider than the small size', () => {
    expect(srcSetOf({ ...file, width: 400, small_width: 400 })).toBeUndefined();
    expect(srcSetOf({ ...file, small_width: null })).toBeUndefined();
  });
});
