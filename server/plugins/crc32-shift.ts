// CRC-32 (the gzip trailer's) of texts joined, from each text's own CRC: crc(A + B) is crc(A)
// shifted past B's length in zero bytes, XOR crc(B) (zlib's crc32_combine). The shift is linear
// over GF(2): a 32 × 32 bit matrix (each entry the image of one bit), made once per length, then
// applied in 32 steps at most: a kept page's CRC without reading its bytes again (spliced-gzip.ts).

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

/** The shift past one zero byte: the shift past one zero bit, eight times. */
const ONE_BYTE = (() => {
  const bit = new Uint32Array(32);
  bit[0] = POLYNOMIAL;
  for (let n = 1; n < 32; n++) bit[n] = 1 << (n - 1);
  let shift: Uint32Array = bit;
  for (let n = 1; n < 8; n++) shift = after(bit, shift);
  return shift;
})();
const IDENTITY = new Uint32Array(32).map((_, n) => 2 ** n);

/** The shift of a CRC-32 past `length` bytes (their own CRC then XORed in). */
export function crc32Zeros(length: number): Uint32Array {
  let result: Uint32Array = IDENTITY;
  let power: Uint32Array = ONE_BYTE;
  for (let rest = length; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2) result = after(power, result);
    if (rest > 1) power = after(power, power);
  }
  return result;
}

/** `crc` shifted by `shift` (crc32Zeros). */
export function crc32Shift(shift: Uint32Array, crc: number): number {
  return times(shift, crc >>> 0);
}
