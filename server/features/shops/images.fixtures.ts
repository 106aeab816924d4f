import fs from 'node:fs';
import path from 'node:path';
import type { TestClient } from '../../test/client';
import type { TestContext } from '../../test/harness';
import { multipart } from '../../media/test-files';

// Test helpers for the image fields of shops and users: multipart forms sent through a signed-in
// client, and what the media folder holds.

export type FormFile = { field: string; name: string; data: Buffer };

/** Sends a multipart form (text fields and files) as the web app's FormData would. */
export function sendForm(
  client: TestClient,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: FormFile[] = [],
) {
  const body = multipart(fields, files);
  return client.request(method, url, { payload: body.payload, headers: body.headers });
}

/** The files of the media folder, sorted. */
export function storedFiles(ctx: TestContext): string[] {
  const dir = path.join(ctx.config.dataDir, 'media');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Both stored variants of an image name. */
export const variantsOf = (name: string) => [`${name}-small.webp`, `${name}.webp`];
