import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors';
import { FILE_NAME } from './storage';

// GET /media/{file}: stored names are random and never reused, so a file can be cached for a
// year without revalidation. Byte ranges are honoured so videos can seek (Safari needs them).

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

function parseRange(header: string | undefined, size: number) {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start <= end && start < size ? { start, end } : null;
}

const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      // MEDIA_PUBLIC_URL (issue 18 item 4): the bucket (or its CDN) serves the bytes itself.
      const publicUrl = app.config.mediaPublicUrl;
      if (publicUrl && app.config.s3) {
        if (!FILE_NAME.test(file)) throw notFound();
        return reply
          .header('cache-control', 'public, max-age=86400')
          .redirect(`${publicUrl}/${file}`, 302);
      }
      const stat = FILE_NAME.test(file) ? await app.media.storage.stat(file) : null;
      if (!stat) throw notFound();
      reply
        .header('content-type', TYPES[file.slice(file.lastIndexOf('.') + 1)])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, stat.size);
      if (range === null) {
        return reply.status(416).header('content-range', `bytes */${stat.size}`).send();
      }
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(app.media.storage.read(file, range));
      }
      return reply.header('content-length', stat.size).send(app.media.storage.read(file));
    },
  );
};

export default mediaRoutes;
