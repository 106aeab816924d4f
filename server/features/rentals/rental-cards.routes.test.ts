import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { createProduct } from '../../test/fixtures';
import { world, type World } from '../commands/conversations.fixtures';

// Issue 32 item 7: a card of a rent offer whose units are all rented out says when one is free
// again, as the offer's page does: the cards of lists and searches carry `available_number` and
// `available_from` (read for the whole page at once), a sale's card carries neither.

const T0 = new Date('2031-01-10T09:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

type Card = { id: number; available_number?: number; available_from?: string | null };

describeEachEngine('rent offer cards', (ctx) => {
  async function setup() {
    const expires_at = new Date(T0.getTime() + 3650 * 86_400_000).toISOString();
    const w = await world(ctx(), {
      product: { offer_type: 'monthly_rent', number: 2, price: 30_000, expires_at },
    });
    // A second rent offer (one unit, kept free) and a sale, in the same shop and subcategory.
    const other = await createProduct(w.db, {
      shop_id: w.shopId,
      psubcategory_id: w.product.psubcategory_id,
      user_id: w.owner.user.id,
      offer_type: 'monthly_rent',
      number: 1,
      expires_at,
    });
    const sale = await createProduct(w.db, {
      shop_id: w.shopId,
      psubcategory_id: w.product.psubcategory_id,
      user_id: w.owner.user.id,
      expires_at,
    });
    return { w, other, sale };
  }

  async function rentAll(w: World) {
    const made = await w.buyer.client.post(`/commands/create/product/${w.product.id}`, {
      number: 2,
      period: 3,
    });
    expect(made.statusCode, made.body).toBe(201);
    const accepted = await w.owner.client.get(`/commands/sold/${made.json().command.id}`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const end = new Date(accepted.json().command.starts_at);
    end.setUTCMonth(end.getUTCMonth() + 3);
    return end.toISOString();
  }

  const shopCards = async (w: World) => {
    const res = await w.anonymous.post(`/products/shop/${w.shopId}/search`, { type: 'offer' });
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json().products.data as Card[]).map((c) => [c.id, c]));
  };

  it('the search cards of a rented-out offer say when a unit is free again', async () => {
    const { w, other, sale } = await setup();
    let cards = await shopCards(w);
    expect(cards.get(w.product.id)).toMatchObject({ available_number: 2, available_from: null });

    const end = await rentAll(w);
    cards = await shopCards(w);
    expect(cards.get(w.product.id)).toMatchObject({ available_number: 0, available_from: end });
    // Each offer has its own: the other rent offer is free, a sale has no such fields.
    expect(cards.get(other.id)).toMatchObject({ available_number: 1, available_from: null });
    expect(cards.get(sale.id)).not.toHaveProperty('available_number');
    expect(cards.get(sale.id)).not.toHaveProperty('available_from');

    // Once the rents end, the units are back on the card.
    vi.setSystemTime(new Date(Date.parse(end) + 60_000));
    cards = await shopCards(w);
    expect(cards.get(w.product.id)).toMatchObject({ available_number: 2, available_from: null });
  });

  it('the saved list and the similar offers carry it too', async () => {
    const { w, other } = await setup();
    const end = await rentAll(w);
    const saved = await w.stranger.client.get(`/products/favorite/add/${w.product.id}`);
    expect(saved.statusCode, saved.body).toBe(200);
    const favorites = await w.stranger.client.post('/products/favorites/paginate', {
      type: 'offer',
      page: 1,
    });
    expect(favorites.statusCode, favorites.body).toBe(200);
    expect(favorites.json().products.data).toMatchObject([
      { id: w.product.id, available_number: 0, available_from: end },
    ]);
    const similar = await w.anonymous.get(`/products/similar/${other.id}`);
    expect(similar.statusCode, similar.body).toBe(200);
    const card = (similar.json().products as Card[]).find((c) => c.id === w.product.id);
    expect(card).toMatchObject({ available_number: 0, available_from: end });
  });
});
