import type { Id, Defaulted } from './columns';

// Row types of products' images and videos and their perceptual-hash bands.

export interface ProductFilesTable {
  id: Id;
  product_id: number;
  type: 'image' | 'video';
  name: string;
  extension: string;
  position: Defaulted<number>;
  created_at: string;
  /** Perceptual hash of an image (16 hex digits, migration 014); null for videos. */
  phash: Defaulted<string | null>;
  /**
   * Pixel sizes (migration 017) of the original image and of its small variant; for a video, of its
   * poster's two sizes. Null until known (rows older than 017 get them from the backfill at start).
   */
  width: Defaulted<number | null>;
  height: Defaulted<number | null>;
  small_width: Defaulted<number | null>;
  small_height: Defaulted<number | null>;
}

/** A product image's hash cut into bands (migration 018; shared/domain/trust.ts). */
export interface PhotoHashBandsTable {
  file_id: number;
  band: number;
  value: number;
}
