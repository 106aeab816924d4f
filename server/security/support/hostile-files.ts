import zlib from 'node:zlib';
import { MAX_FILE_BYTES } from '../../../shared/constants';
import { fakeJpeg, htmlAsJpeg, mp4Header, svg, webmHeader } from '../../media/test-files';

// Uploads an attacker would try (DESIGN §8): each with the name and type a browser would send,
// and the answer the server must give.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `side`×`side` pixels (depth, colour type as given) around the given pixel data. */
function pngOf(side: number, depthAndColour: [number, number], pixels: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([...depthAndColour, 0, 0, 0], 8); // deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A header that claims `side`×`side` RGBA pixels, then a few bytes of data: a lie, cheaply. */
export const pngClaiming = (side: number) => pngOf(side, [8, 6], Buffer.alloc(16));

let flood: Buffer | undefined;
/**
 * A real, valid 20000×20000 PNG of one colour (1-bit grey): about 50 KB on the wire, 400
 * megapixels once decoded. Built by hand: sharp cannot write 1-bit images, and a colour one
 * this size would take seconds to encode.
 */
export function pixelFlood(): Buffer {
  const side = 20_000;
  // Each row: filter byte 0, then 20000 black pixels.
  flood ??= pngOf(side, [1, 0], Buffer.alloc((1 + side / 8) * side));
  return flood;
}

/** A JPEG magic number, then a byte past the 10 MB limit (SPEC §9). */
export const oversized = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_FILE_BYTES)]);

export interface HostileFile {
  label: string;
  name: string;
  type: string;
  data: () => Buffer;
  status: number;
  /** The message key, under the file's field (or `global` for 413). */
  key: string;
}

export const HOSTILE_FILES: HostileFile[] = [
  {
    label: 'an SVG with a script',
    name: 'logo.svg',
    type: 'image/svg+xml',
    data: svg,
    status: 422,
    key: 'file_type_not_allowed',
  },
  {
    label: 'an HTML page named .jpg, sent as image/jpeg',
    name: 'photo.jpg',
    type: 'image/jpeg',
    data: htmlAsJpeg,
    status: 422,
    key: 'file_type_not_allowed',
  },
  {
    label: 'a JPEG header glued to an HTML page',
    name: 'photo.jpg',
    type: 'image/jpeg',
    data: fakeJpeg,
    status: 422,
    key: 'file_type_not_allowed',
  },
  {
    label: 'a file over 10 MB',
    name: 'big.jpg',
    type: 'image/jpeg',
    data: oversized,
    status: 413,
    key: 'too_large',
  },
  {
    label: 'a 20000×20000 pixel flood',
    name: 'flood.png',
    type: 'image/png',
    data: pixelFlood,
    status: 422,
    key: 'image_too_large',
  },
  {
    label: 'an HTML page behind an MP4 header',
    name: 'clip.mp4',
    type: 'video/mp4',
    data: () => Buffer.concat([mp4Header(), htmlAsJpeg()]),
    status: 422,
    key: 'file_type_not_allowed',
  },
  {
    label: 'random bytes behind a WebM header',
    name: 'clip.webm',
    type: 'video/webm',
    data: () => Buffer.concat([webmHeader(), Buffer.alloc(2048, 0x5a)]),
    status: 422,
    key: 'file_type_not_allowed',
  },
];
