import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { world } from './conversations.fixtures';

// Issue 14 item 12: a command's buyer's phone and WhatsApp number are for the parties to the
// command only (its author, the product's shop staff, site admins); everyone else gets the
// fields of SPEC §3, empty.

describeEachEngine('command contact fields', (ctx) => {
  it('shows the buyer phone to the parties only, in the list and in one command', async () => {
    const w = await world(ctx(), { product: { number: 10 } });
    await w.db
      .updateTable('users')
      .set({ whatsapp_number: '46999999' })
      .where('id', '=', w.buyer.user.id)
      .execute();
    const created = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {});
    expect(created.statusCode).toBe(201);
    const id = created.json().command.id;
    expect(created.json().command.user).toMatchObject({
      phone: w.buyer.user.phone_1,
      whatsapp_number: '46999999',
    });

    const seen = async (client: typeof w.anonymous) => {
      const list = await client.post(`/commands/product/${w.product.id}`, {});
      expect(list.statusCode).toBe(200);
      const inList = list.json().commands.find((c: { id: number }) => c.id === id).user;
      const one = await client.get(`/commands/command/${id}`);
      const single = one.statusCode === 200 ? one.json().command.user : inList;
      expect(single.phone).toBe(inList.phone);
      return { phone: inList.phone, whatsapp_number: inList.whatsapp_number };
    };
    const hidden = { phone: null, whatsapp_number: null };
    const shown = { phone: w.buyer.user.phone_1, whatsapp_number: '46999999' };
    expect(await seen(w.anonymous)).toEqual(hidden);
    expect(await seen(w.stranger.client)).toEqual(hidden);
    expect(await seen(w.siteModerator.client)).toEqual(hidden);
    for (const who of [
      'buyer',
      'owner',
      'shopAdmin',
      'shopModerator',
      'employee',
      'siteAdmin',
    ] as const) {
      expect(await seen(w[who].client), who).toEqual(shown);
    }
  });
});
