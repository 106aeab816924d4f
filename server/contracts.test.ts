import { expect, it } from 'vitest';
import { describeEachEngine } from './test/harness';

// DESIGN §11 "Contracts once": every route that answers declares the schema of its success
// answer, so that the serializer checks each answer against it (every API suite then validates
// what it receives) and /docs/json describes the whole API. Routes hidden from the docs
// (`hide: true`: the OpenAPI document itself, the avatar redirect) answer no JSON.

interface RouteSchema {
  hide?: boolean;
  response?: Record<string, unknown>;
}

const isSuccess = (status: string) => /^2\d\d$/.test(status);

describeEachEngine('contracts', (ctx) => {
  it('every documented route declares the response schema of its success status', () => {
    const routes = ctx().app.routeTable.filter((r) => !(r.schema as RouteSchema)?.hide);
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .filter((r) => !Object.keys((r.schema as RouteSchema)?.response ?? {}).some(isSuccess))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('/docs/json describes an answer for every operation', async () => {
    const res = await ctx().client().get('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!Object.keys(operation.responses ?? {}).some(isSuccess)) {
          undescribed.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
    expect(doc.paths['/products/product/{id}'].get.responses).toHaveProperty('200');
  });
});
