import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

// Real files for upload tests, made on the fly (nothing binary is committed).

/** A 400×200 JPEG that says "rotate 90°" and carries a camera name and a GPS position. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'SouqTestCam', Copyright: 'secret-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '18/1 5/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '15/1 58/1 0/1',
      },
    })
    .toBuffer();
}

export function png(width = 3000, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#2e86de80' } })
    .png()
    .toBuffer();
}

/** 10000×10000 of one colour: a few hundred KB that would decode to 400 MB. */
export function pixelFlood(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The first box of an MP4: enough for the byte check; stored as is. */
export function mp4Header(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'latin1'),
  ]);
}

/** Where a test's own video says it was filmed: the rewritten file must not say it. */
export const VIDEO_LOCATION = '+18.0858-015.9785/';
export const VIDEO_TITLE = 'secret-video-title';

const videos = new Map<string, Buffer>();

/** A video ffmpeg makes from `args` (inputs and codecs) into a `.{extension}` file. */
export function makeVideo(extension: 'mp4' | 'webm', args: string[]): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-test-video-'));
  const file = path.join(dir, `v.${extension}`);
  try {
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', ...args, file]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const TINY_VIDEOS = {
  mp4: ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000', '-c:v', 'libx264'],
  webm: ['-c:v', 'libvpx', '-deadline', 'realtime'],
  // MPEG-4 part 2 in MP4: a codec browsers do not play, transcoded to H.264.
  mpeg4: ['-c:v', 'mpeg4'],
};

/**
 * A real, tiny video made by ffmpeg (testsrc, 1.5 s at 64×48, a tone in MP4), carrying a GPS
 * `location` and a title in its metadata. Made once per kind and process.
 */
export function tinyVideo(kind: keyof typeof TINY_VIDEOS = 'mp4'): Buffer {
  const made =
    videos.get(kind) ??
    makeVideo(kind === 'webm' ? 'webm' : 'mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', ...TINY_VIDEOS[kind]],
      ...[
        '-t',
        '1.5',
        '-metadata',
        `location=${VIDEO_LOCATION}`,
        '-metadata',
        `title=${VIDEO_TITLE}`,
      ],
    ]);
  videos.set(kind, made);
  return made;
}

/** What ffprobe reads in a file: its format and streams, with their tags. */
export function probe(data: Buffer): {
  format: { format_name: string; tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; tags?: Record<string, string> }[];
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-test-probe-'));
  try {
    const file = path.join(dir, 'f');
    fs.writeFileSync(file, data);
    const out = execFileSync('ffprobe', [
      ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    ]);
    return JSON.parse(out.toString());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An animated GIF of `frames` black frames (`side`×`side`), a white line moving down them. */
export async function animatedGif(frames: number, side = 32): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * frames * 3);
  const row = side * 3;
  for (let f = 0; f < frames; f += 1) {
    const at = (f * side + (f % side)) * row;
    raw.fill(255, at, at + row);
  }
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif()
    .toBuffer();
}

/** An EBML header with DocType "webm". */
export function webmHeader(): Buffer {
  return Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x93, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84,
    0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02,
  ]);
}

export const svg = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(1)</script><rect width="10" height="10"/></svg>',
  );

export const htmlAsJpeg = () =>
  Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

/** JPEG magic number, then HTML: passes a naive check, not ours. */
export const fakeJpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), htmlAsJpeg()]);

/** A multipart/form-data body (app.inject takes the payload and headers). */
export function multipart(
  fields: Record<string, string | string[]>,
  files: { field?: string; name: string; data: Buffer; type?: string }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----souq${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${v}\r\n`,
        ),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; ` +
          `filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
