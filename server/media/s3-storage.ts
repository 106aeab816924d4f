import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { FILE_NAME, type MediaStorage } from './storage';

// Media in an S3-compatible bucket (issue 18 item 4, DESIGN §11): several processes, one store.
// The same four calls as the local folder; names are checked the same way. Path-style addresses
// (endpoint/bucket/key) work with every S3-compatible server.

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

function checked(file: string): string {
  if (!FILE_NAME.test(file)) throw new Error(`not a media file name: ${file}`);
  return file;
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

export class S3MediaStorage implements MediaStorage {
  readonly client: S3Client;

  constructor(readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
  }

  async write(file: string, data: Buffer): Promise<void> {
    const extension = file.slice(file.lastIndexOf('.') + 1);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: checked(file),
        Body: data,
        // Names are random ids (128 bits): no conditional write, which not every
        // S3-compatible server implements.
        ContentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      }),
    );
  }

  async stat(file: string): Promise<{ size: number } | null> {
    if (!FILE_NAME.test(file)) return null;
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: file }),
      );
      return { size: Number(head.ContentLength ?? 0) };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  read(file: string, range?: { start: number; end: number }): Readable {
    // The route answers with a stream at once; the object's bytes flow in once S3 answers.
    const out = new PassThrough();
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: checked(file),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      .then((answer) => {
        const body = answer.Body as Readable | undefined;
        if (!body) return out.end();
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      })
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async remove(file: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.config.bucket, Key: checked(file) }),
      );
    } catch (error) {
      if (!notFound(error)) throw error;
    }
  }
}
