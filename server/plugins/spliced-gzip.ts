import zlib from 'node:zlib';

// A page kept with one string left out wherever it goes (a signed-in visitor's XSRF token, pages.ts),
// compressed once: each piece between those places is deflated apart and ended by a sync flush
// (whole bytes, no block left open), so a gzip for one request is its pieces with the string
// between them as stored (uncompressed) blocks, a last empty block, and the CRC and length of the
// whole (RFC 1951 §3.2.4, RFC 1952).
// A piece may refer back to the text before it (a page's JSON repeats the texts of its HTML: 7 %
// of the gzip): it is deflated with that text as its dictionary, the left-out string there as NUL
// bytes of its length, which no piece holds, so no reference reaches the string itself. The string
// sent must then have that length (an XSRF token always has); another is gzipped whole.

/** The gzip header: deflate, no name or time, from a Unix system (RFC 1952 §2.3). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty stored block (BFINAL 1, BTYPE 00, LEN 0, NLEN 0xffff): the stream's end. */
const END = Buffer.from([1, 0, 0, 0xff, 0xff]);
/** A stored block holds 65,535 bytes at most. */
const STORED_MAX = 0xffff;
/** How far back deflate refers. */
const WINDOW = 32_768;
const SYNC = { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH };

export interface Spliced {
  /** The pieces as UTF-8. */
  bytes: Buffer[];
  /** Each piece deflated, ended by a sync flush. */
  deflated: Buffer[];
  /** The string's length in bytes the pieces refer across (null: each piece deflated alone). */
  between: number | null;
  /** Bytes held. */
  size: number;
}

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
  const size = [...bytes, ...deflated].reduce((sum, buffer) => sum + buffer.length, 0);
  return { bytes, deflated, between: across ? between : null, size };
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

/** The whole text, `between` wherever it was left out (for the few clients without gzip). */
export function splicedText(kept: Spliced, between: string): string {
  return kept.bytes.map((piece) => piece.toString()).join(between);
}

/** The whole text gzipped, `between` wherever it was left out: nothing is compressed here. */
export function splicedGzip(kept: Spliced, between: string): Buffer {
  const middle = Buffer.from(between);
  if (kept.between !== null && kept.bytes.length > 1 && middle.length !== kept.between) {
    return zlib.gzipSync(splicedText(kept, between), { level: 6 });
  }
  const blocks = stored(middle);
  const parts: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  // Node 20's crc32 of an empty buffer not cut from a pool gives 0 whatever the CRC so far: skipped.
  const add = (data: Buffer) => {
    if (data.length) crc = zlib.crc32(data, crc);
    length += data.length;
  };
  kept.bytes.forEach((piece, i) => {
    if (i > 0) {
      parts.push(...blocks);
      add(middle);
    }
    parts.push(kept.deflated[i]);
    add(piece);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(END, trailer);
  return Buffer.concat(parts);
}
