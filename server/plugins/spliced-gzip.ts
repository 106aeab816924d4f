import zlib from 'node:zlib';

// A page kept with one string left out wherever it goes (a signed-in visitor's XSRF token, pages.ts),
// compressed once: each piece between those places is deflated alone and ended by a sync flush
// (whole bytes, no block left open, nothing that refers back to another piece), so a gzip for one
// request is its pieces with the string between them as stored (uncompressed) blocks, a last empty
// block, and the CRC and length of the whole (RFC 1951 §3.2.4, RFC 1952). Compressed apart, the
// pieces lose the repeats found across them: a few percent larger than the page gzipped whole.

/** The gzip header: deflate, no name or time, from a Unix system (RFC 1952 §2.3). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty stored block (BFINAL 1, BTYPE 00, LEN 0, NLEN 0xffff): the stream's end. */
const END = Buffer.from([1, 0, 0, 0xff, 0xff]);
/** A stored block holds 65,535 bytes at most. */
const STORED_MAX = 0xffff;

export interface Spliced {
  pieces: string[];
  /** The pieces as UTF-8. */
  bytes: Buffer[];
  /** Each piece deflated alone, ended by a sync flush. */
  deflated: Buffer[];
  /** Bytes held. */
  size: number;
}

/** The pieces of a text cut wherever the left-out string goes, compressed once. */
export function splice(pieces: string[]): Spliced {
  const bytes = pieces.map((piece) => Buffer.from(piece));
  const deflated = bytes.map((piece) =>
    zlib.deflateRawSync(piece, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  );
  // The text's characters (two bytes each at most, as V8 holds them), its UTF-8 and the deflated.
  const size = [...bytes, ...bytes, ...deflated].reduce((sum, buffer) => sum + buffer.length, 0);
  return { pieces, bytes, deflated, size };
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

/** The whole text, `between` wherever it was left out. */
export function splicedText(kept: Spliced, between: string): string {
  return kept.pieces.join(between);
}

/** The whole text gzipped, `between` wherever it was left out: nothing is compressed here. */
export function splicedGzip(kept: Spliced, between: string): Buffer {
  const middle = Buffer.from(between);
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
