import path from 'node:path';
import fp from 'fastify-plugin';
import { Media } from '../media/media';
import { LocalMediaStorage, type MediaStorage } from '../media/storage';
import { S3MediaStorage } from '../media/s3-storage';
import mediaRoutes from '../media/media.routes';
import { backfillDimensions } from '../media/dimensions-backfill';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks, converts, stores and removes uploaded media (server/media). */
    media: Media;
  }
}

// Uploads (SPEC §5, DESIGN §8): media kept under DATA_DIR/media — outside any static web root —
// and served from /media/{file}. The routes that take files read multipart forms in a scope of
// their own (media/multipart.ts, `uploadRoutes`: at most MAX_FILES_PER_PRODUCT files of at most
// MAX_FILE_BYTES each, a bigger file answers 413).
export default fp(async (app) => {
  // S3_* set: the bucket (issue 18 item 4); otherwise the local folder, the default.
  const storage: MediaStorage = app.config.s3
    ? new S3MediaStorage(app.config.s3)
    : new LocalMediaStorage(path.join(app.config.dataDir, 'media'));
  const media = new Media(storage, {
    onError: (error) => app.log.error({ err: error }, 'media file not removed'),
  });
  app.decorate('media', media);
  // Said once at start: without ffmpeg, video uploads are refused (422), never stored raw.
  app.addHook('onReady', async () => {
    if (!(await media.video.available()))
      app.log.error(
        'ffmpeg/ffprobe not found: video uploads are refused until ffmpeg is installed (apt-get install ffmpeg)',
      );
  });
  // Migration 017: sizes of files stored before it, read in the background (never delays start).
  let closing = false;
  let backfill: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (!app.hasDecorator('db')) return;
    backfill = backfillDimensions(app.db, storage, () => closing)
      .then((filled) => {
        if (filled) app.log.info({ filled }, 'product file sizes filled in (migration 017)');
      })
      .catch((error) => app.log.warn({ err: error }, 'product file sizes not filled in'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await backfill;
  });
  await app.register(mediaRoutes);
});
