import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct, personalShopOf } from '../../test/fixtures';
import { notificationsAbout, world, type World } from '../commands/conversations.fixtures';

// Issue 33 item 1: an item held for review at its creation (a new account's number or link,
// docs/trust.md) tells nobody of itself: its link would answer 404 to those it names. It is
// announced once, when a moderator releases it (restore, or dismiss of the hold), never again on a
// later release.

type Member = World['buyer'];
const CONTACT = 'Appelez le 22 33 44 55';

describeEachEngine('held items are announced when released', (ctx) => {
  const kinds = async (w: World, kind: string) =>
    (await notificationsAbout(w.db, w.product.id))
      .filter((n) => n.type === kind)
      .map((n) => n.user_id)
      .sort((a, b) => a - b);
  const ids = (...members: Member[]) => members.map((m) => m.user.id).sort((a, b) => a - b);
  const staff = (w: World) => ids(w.owner, w.shopAdmin, w.shopModerator, w.employee);

  async function act(w: World, type: string, id: number, action: string) {
    const res = await w.siteModerator.client.post(`/admin/moderation/${type}/${id}`, { action });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function created(m: Member, url: string, body: object, key: string) {
    const res = await m.client.post(url, body);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json()[key];
    expect(item.moderation_status ?? item.moderation?.status).toBe('review');
    return item.id as number;
  }

  it('a held command tells the shop nothing until restored, and only once', async () => {
    const w = await world(ctx());
    const url = `/commands/create/product/${w.product.id}`;
    const id = await created(w.buyer, url, { number: 1, text: CONTACT }, 'command');
    expect(await kinds(w, 'commanded')).toEqual([]);
    // The staff could not open it: the link would be a 404.
    const seen = await w.owner.client.get(`/commands/command/${id}`, {
      headers: { accept: 'application/json' },
    });
    expect(seen.statusCode).toBe(404);

    await act(w, 'command', id, 'restore');
    expect(await kinds(w, 'commanded')).toEqual(staff(w));
    // Hidden and restored again: already announced.
    await act(w, 'command', id, 'hide');
    await act(w, 'command', id, 'restore');
    expect(await kinds(w, 'commanded')).toEqual(staff(w));
  });

  it('a held comment is announced when its hold is dismissed; a hide keeps it quiet', async () => {
    const w = await world(ctx());
    const url = `/comments/create/product/${w.product.id}`;
    const id = await created(w.buyer, url, { text: CONTACT }, 'comment');
    expect(await kinds(w, 'commented')).toEqual([]);
    await act(w, 'comment', id, 'hide');
    expect(await kinds(w, 'commented')).toEqual([]);
    await act(w, 'comment', id, 'restore');
    expect(await kinds(w, 'commented')).toEqual(staff(w));

    const other = await created(w.buyer, url, { text: CONTACT }, 'comment');
    await act(w, 'comment', other, 'dismiss');
    expect(await kinds(w, 'commented')).toEqual([...staff(w), ...staff(w)].sort((a, b) => a - b));
  });

  it('a held reply tells the parent’s author on release', async () => {
    const w = await world(ctx());
    const parent = (
      await w.owner.client.post(`/comments/create/product/${w.product.id}`, { text: 'Bonjour' })
    ).json().comment.id as number;
    const id = await created(
      w.buyer,
      `/comments/create/comment/${parent}`,
      { text: CONTACT },
      'comment',
    );
    expect(await kinds(w, 'replied')).toEqual([]);
    await act(w, 'comment', id, 'dismiss');
    expect(await kinds(w, 'replied')).toEqual(ids(w.owner));
  });

  it('a held offer tells the holders of open demands once it is restored', async () => {
    const w = await world(ctx());
    // The stranger asks for this subcategory: a new offer in it is news to them.
    await createProduct(w.db, {
      type: 'demand',
      offer_type: 'buy',
      shop_id: await personalShopOf(w.db, w.stranger.user.id),
      user_id: w.stranger.user.id,
      psubcategory_id: w.subcategory.id,
    });
    const res = await w.buyer.client.post('/products/create/offer', {
      name: 'Toyota Hilux',
      description: CONTACT,
      psubcategory_id: w.subcategory.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { product } = res.json();
    expect(product.moderation.status).toBe('review');
    const told = async () =>
      (await notificationsAbout(w.db, product.id))
        .filter((n) => n.type === 'added_offer')
        .map((n) => n.user_id);
    expect(await told()).toEqual([]);
    await act(w, 'product', product.id, 'restore');
    expect(await told()).toEqual([w.stranger.user.id]);
    await act(w, 'product', product.id, 'hide');
    await act(w, 'product', product.id, 'restore');
    expect(await told()).toEqual([w.stranger.user.id]);
  });
});
