import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../config';
import errors from '../plugins/errors';
import uploads from '../plugins/uploads';
import { Media } from './media';
import { readForm, uploadRoutes } from './multipart';
import * as files from './test-files';
import { VideoSupport } from './video';
import { mediaQueue } from './work-queue';

// The media pipeline and the uploads plugin on a bare app (no database involved): a test route
// reads a form and stores its files the way feature routes do.

export let app: FastifyInstance;
export let dataDir: string;
export const mediaDir = () => path.join(dataDir, 'media');
export const stored = () => fs.readdirSync(mediaDir()).sort();

/** Builds the bare app before the file's tests and removes it and its folder after. */
export function useMediaApp(): void {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-media-'));
    app = Fastify({ logger: false });
    app.decorate('config', loadConfig({ DATA_DIR: dataDir }));
    await app.register(errors);
    await app.register(uploads);
    // The routes take files as feature routes do: in a scope with the multipart parser.
    await uploadRoutes(app, (forms) => {
      forms.post('/upload', async (request) => {
        const form = await readForm(request);
        const saved = await app.media.saveFiles(form.files.files ?? []);
        return { fields: form.fields, files: saved };
      });
      // The same storage behind a queue of one running job and two waiting, and without ffmpeg.
      const queued = new Media(app.media.storage, { queue: mediaQueue(1, 2) });
      forms.post('/upload-queued', async (request) => {
        const form = await readForm(request);
        return { files: await queued.saveFiles(form.files.files ?? []) };
      });
      const noFfmpeg = new Media(app.media.storage, {
        video: new VideoSupport({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' }),
      });
      forms.post('/upload-no-ffmpeg', async (request) => {
        const form = await readForm(request);
        return { files: await noFfmpeg.saveFiles(form.files.files ?? []) };
      });
      forms.post('/photo-no-ffmpeg', async (request) => {
        const form = await readForm(request, { maxFiles: 1, filesField: 'photo' });
        return { photo: await noFfmpeg.saveImage(form.files.photo[0], 'photo') };
      });
      forms.post('/photo', async (request) => {
        const form = await readForm(request, { maxFiles: 1, filesField: 'photo' });
        return { photo: await app.media.saveImage(form.files.photo[0], 'photo') };
      });
    });
    // A route that takes no files, as most routes: outside that scope.
    app.post('/no-files', async (request) => ({ body: request.body ?? null }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

export function upload(
  fields: Record<string, string | string[]>,
  list: { name: string; data: Buffer; field?: string }[],
  url = '/upload',
) {
  const body = files.multipart(fields, list);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
}
