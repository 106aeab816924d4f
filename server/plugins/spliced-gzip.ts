import zlib from 'node:zlib';
import { crc32Joined } from './crc32-shift';

// A page kept with one string left out wherever it goes (a signed-in visitor's XSRF token, pages.ts),
// compressed once: each piece between those places is deflated apart and ended by a sync flush
// (whole bytes, no block left open), so a gzip for one request is its pieces with the string
// between them as stored (uncompressed) blocks, a last empty block, and the CRC and length of the
// whole (RFC 1951 §3.2.4, RFC 1952).
// A piece may refer back to the text before it (a page's JSON repeats the texts of its HTML: 7 %
// of the gzip): it is deflated with that text as its dictionary, the left-out string there as NUL
// bytes of its length, which no piece holds, so no reference reaches the string itself. The string
// sent must then have that length (an XSRF token always has); another is gzipped whole.
// Only the deflated pieces are kept (a fifth of the text): the CRC of the whole is the pieces'
// own CRCs joined (crc32-shift.ts), and the text, for the rare client
// without gzip, is inflated again.

/** The gzip header: deflate, no name or time, from a Unix system (RFC 1952 §2.3). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty stored block (BFINAL 1, BTYPE 00, LEN 0, NLEN 0xffff): the stream's end. */
const END = Buffer.from([1, 0, 0, 0xff, 0xff]);
/** A stored block holds 65,535 bytes at most. */
const STORED_MAX = 0xffff;

export interface Spliced {
  /** Each piece deflated, ended by a sync flush. */
  deflated: Buffer[];
  /** Each piece's length in bytes, and its CRC-32. */
  lengths: number[];
  crcs: number[];
  /** The string's length in bytes the pieces refer across (null: each piece deflated apart). */
  between: number | null;
  /** Bytes held. */
  size: number;
}

/** How far back deflate refers. */
const WINDOW = 32_768;
const SYNC = { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH };

/**
 * The pieces of a text cut wherever the left-out string goes, compressed once; `between`: the
 * string's length in bytes, if always the same.
 */
export function splice(pieces: string[], between: number | null = null): Spliced {
  const bytes = pieces.map((piece) => Buffer.from(piece));
  const across = between !== null && !bytes.some((piece) => piece.includes(0));
  const filler = Buffer.alloc(across ? between : 0);
  const deflated = bytes.map((piece, i) => {
    if (!across || i === 0) return zlib.deflateRawSync(piece, SYNC);
    const before = Buffer.concat(bytes.slice(0, i).flatMap((b) => [b, filler]));
    if (!before.length) return zlib.deflateRawSync(piece, SYNC);
    return zlib.deflateRawSync(piece, { ...SYNC, dictionary: before.subarray(-WINDOW) });
  });
  const size = deflated.reduce((sum, buffer) => sum + buffer.length, 0) + bytes.length * 16;
  return {
    deflated,
    lengths: bytes.map((piece) => piece.length),
    crcs: bytes.map((piece) => (piece.length ? zlib.crc32(piece) : 0)),
    between: across ? between : null,
    size,
  };
}

/** The stored blocks that hold `data` as it is (not the last ones). */
function stored(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += STORED_MAX) {
    const chunk = data.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

/** The raw deflate stream of the pieces with `middle` between them as stored blocks. */
function streamOf(kept: Spliced, middle: Buffer): Buffer[] {
  const blocks = stored(middle);
  return kept.deflated.flatMap((piece, i) => (i > 0 ? [...blocks, piece] : [piece]));
}

/** The whole text, `between` wherever it was left out (for the few clients without gzip). */
export function splicedText(kept: Spliced, between: string): string {
  const filler = Buffer.alloc(kept.between ?? 0);
  const text = zlib.inflateRawSync(Buffer.concat([...streamOf(kept, filler), END]));
  const pieces: string[] = [];
  let at = 0;
  for (const length of kept.lengths) {
    pieces.push(text.toString('utf8', at, at + length));
    at += length + filler.length;
  }
  return pieces.join(between);
}

/** The whole text gzipped, `between` wherever it was left out: nothing is compressed here. */
export function splicedGzip(kept: Spliced, between: string): Buffer {
  const middle = Buffer.from(between);
  if (kept.between !== null && kept.deflated.length > 1 && middle.length !== kept.between) {
    return zlib.gzipSync(splicedText(kept, between), { level: 6 });
  }
  const middleCrc = middle.length ? zlib.crc32(middle) : 0;
  let crc = 0;
  let length = 0;
  kept.lengths.forEach((pieceLength, i) => {
    if (i > 0) {
      crc = crc32Joined(crc, middleCrc, middle.length);
      length += middle.length;
    }
    crc = crc32Joined(crc, kept.crcs[i], pieceLength);
    length += pieceLength;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat([HEADER, ...streamOf(kept, middle), END, trailer]);
}
