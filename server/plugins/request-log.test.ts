import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { requestLog } from './request-log';

// The request's logger made on first use writes the lines pino's child wrote: the request's id
// on each, nothing below the level.

async function linesOf(level: string) {
  const lines: { level: number; reqId?: string; msg?: string; extra?: number }[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    childLoggerFactory: requestLog,
  });
  app.get('/', async (request) => {
    request.log.debug('not at info');
    request.log.child({ extra: 1 }).warn('from a child');
    return { ok: true };
  });
  expect((await app.inject('/')).statusCode).toBe(200);
  await app.close();
  return { lines };
}

it('writes the enabled levels with the request id, and nothing below', async () => {
  const { lines } = await linesOf('warn');
  expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'from a child', extra: 1 })]);
  expect(lines[0].reqId).toMatch(/^req-/);

  const info = await linesOf('info');
  expect(info.lines.map((l) => l.msg)).toEqual([
    'incoming request',
    'from a child',
    'request completed',
  ]);
  expect(new Set(info.lines.map((l) => l.reqId)).size).toBe(1);
});
