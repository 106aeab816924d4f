import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { moderationScenario } from './moderation.test-helpers';

// Issue 19 item 1: reports with a reason, one per user and item (docs/trust.md).

describeEachEngine('moderation: reports', (ctx) => {
  const { seller, oldReporters } = moderationScenario(ctx);

  it('takes a report with a reason and text, once per user, counted with its row', async () => {
    const s = await seller();
    const { id } = await s.offer();
    const [r] = await oldReporters(1);
    const res = await r!.client.post(`/products/${id}/reports`, {
      reason: 'scam',
      text: 'asks for money first',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      report: { reason: 'scam', reports_count: 1, moderation_status: 'visible' },
    });
    // Again, with another reason: still one report, its reason replaced.
    const again = await r!.client.post(`/products/${id}/reports`, { reason: 'duplicate' });
    expect(again.json().report.reports_count).toBe(1);
    // SPEC's GET keeps working (reason other) and stays one report per user.
    expect((await r!.client.get(`/products/report/add/${id}`)).json()).toEqual({
      reports_count: 1,
      reported: true,
    });
    const row = await ctx()
      .app.db.selectFrom('products')
      .select('reports_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reports_count).toBe(1);
    expect((await r!.client.get(`/products/report/remove/${id}`)).json().reports_count).toBe(0);
  });

  it('refuses bad reasons, anonymous users, the shop staff, unknown ids and missing XSRF', async () => {
    const s = await seller();
    const { id } = await s.offer();
    const [r] = await oldReporters(1);
    const bad = await r!.client.post(`/products/${id}/reports`, { reason: 'ugly' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.reason).toBeDefined();
    const long = await r!.client.post(`/products/${id}/reports`, {
      reason: 'other',
      text: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(422);
    expect((await r!.client.post(`/products/${id}/reports`, {})).statusCode).toBe(422);
    expect(
      (await ctx().client().post(`/products/${id}/reports`, { reason: 'scam' })).statusCode,
    ).toBe(401);
    expect((await s.client.post(`/products/${id}/reports`, { reason: 'scam' })).statusCode).toBe(
      403,
    );
    expect((await r!.client.post(`/products/999999/reports`, { reason: 'scam' })).statusCode).toBe(
      404,
    );
    const noXsrf = await r!.client.request('POST', `/products/${id}/reports`, {
      body: { reason: 'scam' },
      headers: { 'x-xsrf-token': 'wrong' },
    });
    expect(noXsrf.statusCode).toBe(419);
  });
});
