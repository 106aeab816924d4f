import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';

// Pages and large JSON answers go gzipped to clients that take gzip, unchanged to others.
describeEachEngine('compression of pages and JSON', (ctx) => {
  const gzipped = { 'accept-encoding': 'gzip, deflate, br' };

  it('gzips a page for a browser that takes gzip, and says it varies', async () => {
    const plain = await ctx().client().get('/login', { xsrf: false });
    const res = await ctx().client().get('/login', { xsrf: false, headers: gzipped });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('gzips JSON of 1 KiB or more, not a short answer, not for a client that refuses gzip', async () => {
    const big = await ctx()
      .client()
      .get('/docs/json', { headers: { ...gzipped, accept: 'application/json' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await ctx()
      .client()
      .get('/healthz', { headers: { ...gzipped, accept: 'application/json' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await ctx()
      .client()
      .get('/docs/json', {
        headers: { 'accept-encoding': 'gzip;q=0', accept: 'application/json' },
      });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toHaveProperty('openapi');
  });
});
