import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';

// Generated from the route table: every route that changes state, SPEC §7's state-changing GETs
// included, is refused without the XSRF header, even to a signed-in user, before anything runs.
describeEachEngine('XSRF on every state-changing route', (ctx) => {
  it('covers the routes SPEC §7 names as state-changing GETs', () => {
    const xsrfGets = ctx()
      .app.routeTable.filter((r) => r.method === 'GET' && r.xsrf)
      .map((r) => r.url);
    for (const url of xsrfGets) expect(url).toMatch(/favorite|report|sold|markasread/);
  });

  it('answers 419 to each, signed in, without the token or the X-Requested-With header', async () => {
    const { client } = await ctx().userClient('admin');
    const routes = ctx().app.routeTable.filter((r) => r.xsrf);
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      const noToken = await client.request(method, url, {
        body: {},
        headers: { 'x-xsrf-token': 'forged' },
      });
      const noHeader = await client.request(method, url, {
        body: {},
        headers: { 'x-requested-with': '' },
      });
      if (noToken.statusCode !== 419 || noHeader.statusCode !== 419) {
        failures.push(`${route.method} ${route.url}: ${noToken.statusCode}/${noHeader.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
