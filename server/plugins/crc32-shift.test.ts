import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Joined } from './crc32-shift';

// The CRC-32 of texts joined from each text's own CRC (spliced-gzip.ts's gzip trailer).

describe('crc32Joined', () => {
  it('gives the CRC of A + B from crc(A), crc(B) and B’s length', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 1],
      [1, 0],
      [5, 7],
      [1000, 1],
      [3, 65_537],
      [40_000, 22_666],
    ]) {
      const first = crypto.randomBytes(a);
      const second = crypto.randomBytes(b);
      const joined = zlib.crc32(Buffer.concat([first, second]));
      expect(crc32Joined(zlib.crc32(first), zlib.crc32(second), b), `${a} + ${b} bytes`).toBe(
        joined,
      );
    }
  });
});
