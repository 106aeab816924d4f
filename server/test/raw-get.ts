import http from 'node:http';
import { frontLaneStats } from '../plugins/front-lane';

// A GET over a real socket, for what `app.inject` never passes through (the front lanes,
// server/plugins/front-lane.ts): the answer's bytes as sent (no decompression), and whether a
// front lane wrote it.

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Whether a front lane wrote it. */
  front: boolean;
}

export function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const before = frontLaneStats.answered;
    http
      .get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks),
            front: frontLaneStats.answered !== before,
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * An answer's status, headers and bytes as two ways of answering must give them alike: all but
 * the date and the read limit's count (one lower each read).
 */
export function comparable({ status, headers, body }: RawAnswer) {
  const { date: _date, 'x-ratelimit-remaining': _remaining, ...rest } = headers;
  return { status, headers: rest, body: body.toString('base64') };
}

/**
 * After a write: Fastify's answer for `path` (it keeps the answer), then a front lane's. On
 * PostgreSQL the write's announcement comes back a moment later and drops the first kept answer:
 * asked again until both ways are seen (`front` null if the lane never answered).
 */
export async function bothWays(port: number, path: string, headers: Record<string, string>) {
  let fastify: RawAnswer | null = null;
  let front: RawAnswer | null = null;
  for (let tries = 0; !front && tries < 50; tries += 1) {
    const answer = await rawGet(port, path, headers);
    if (!answer.front) fastify = answer;
    else if (fastify) front = answer;
    if (!front) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { fastify, front };
}
