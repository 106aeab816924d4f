// What an upload really is, read from its first bytes (DESIGN §8), never from its name or the
// Content-Type the browser sent: an SVG or an HTML page renamed .jpg is refused.

export type DetectedFile =
  | { kind: 'image'; format: 'jpeg' | 'png' | 'webp' | 'gif' }
  | { kind: 'video'; extension: 'mp4' | 'webm' };

const ascii = (buffer: Buffer, start: number, end: number) =>
  buffer.subarray(start, end).toString('latin1');

const startsWith = (buffer: Buffer, bytes: number[]) =>
  buffer.length >= bytes.length && bytes.every((b, i) => buffer[i] === b);

// ISO base media brands that browsers play as MP4. `qt  ` is what phones record (.mov with
// H.264/HEVC); HEIC/AVIF stills share the ftyp box and are deliberately absent.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'mmp4',
  'MSNV',
  'NDAS',
  'XAVC',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'qt  ',
]);

/** The WebM doctype sits in the EBML header, within its first few dozen bytes. */
function isWebm(buffer: Buffer): boolean {
  if (!startsWith(buffer, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  // DocType element id 0x4282, a one-byte size (0x84 = 4 bytes), then "webm".
  const head = buffer.subarray(0, 64);
  const at = head.indexOf(Buffer.from([0x42, 0x82]));
  return at !== -1 && ascii(head, at + 3, at + 7) === 'webm';
}

export function detectFile(buffer: Buffer): DetectedFile | null {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg' };
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', format: 'png' };
  if (buffer.length >= 12 && ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 12) === 'WEBP')
    return { kind: 'image', format: 'webp' };
  if (buffer.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(buffer, 0, 6)))
    return { kind: 'image', format: 'gif' };
  if (buffer.length >= 12 && ascii(buffer, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(buffer, 8, 12)))
    return { kind: 'video', extension: 'mp4' };
  if (isWebm(buffer)) return { kind: 'video', extension: 'webm' };
  return null;
}
