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
