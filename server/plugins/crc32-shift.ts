// CRC-32 (the gzip trailer's) of texts joined, from each text's own CRC: crc(A + B) is crc(A)
// shifted past B's length in zero bytes, XOR crc(B) (zlib's crc32_combine). The shift is linear
// over GF(2): a 32 × 32 bit matrix (each entry the image of one bit). The shifts past 1, 2, 4 …
// bytes are made once; a length's shift is those of its bits applied in turn, a few microseconds:
// a kept page's CRC without reading its bytes again (spliced-gzip.ts).

/** The reflected CRC-32 polynomial. */
const POLYNOMIAL = 0xedb88320;

/** `matrix` applied to `vector`. */
function times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let bit = 0; vector; bit++, vector >>>= 1) {
    if (vector & 1) sum ^= matrix[bit];
  }
  return sum >>> 0;
}

/** `second` after `first`. */
function after(second: Uint32Array, first: Uint32Array): Uint32Array {
  return first.map((column) => times(second, column));
}

/** The shifts past 2^n bytes, n from 0 to 52 (any length a Buffer can have). */
const POWERS = (() => {
  const bit = new Uint32Array(32);
  bit[0] = POLYNOMIAL;
  for (let n = 1; n < 32; n++) bit[n] = 1 << (n - 1);
  let shift: Uint32Array = bit;
  for (let n = 1; n < 8; n++) shift = after(bit, shift);
  const powers = [shift];
  for (let n = 1; n <= 52; n++) powers.push(after(powers[n - 1], powers[n - 1]));
  return powers;
})();

/** The CRC-32 of A + B, from crc(A), crc(B) and B's length in bytes. */
export function crc32Joined(first: number, second: number, secondLength: number): number {
  let crc = first >>> 0;
  for (let n = 0, rest = secondLength; rest > 0; n++, rest = Math.floor(rest / 2)) {
    if (rest % 2) crc = times(POWERS[n], crc);
  }
  return (crc ^ second) >>> 0;
}
