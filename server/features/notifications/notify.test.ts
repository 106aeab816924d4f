import { expect, it } from 'vitest';
import { now } from '../../db/connect';
import { describeEachEngine } from '../../test/harness';
import { notify } from './notify';
import { insertNotifications } from './notifications.repository';
import { localEvents } from '../../events/bus';
import { serial, user } from './notify.test-helpers';

// notify() called directly, inside a transaction, over fixture rows.

describeEachEngine('notify', (ctx) => {
  const db = () => ctx().app.db;

  it('the repository writes without telling anyone; notify tells the streams of each row', async () => {
    // Issue 33 item 5: a repository has no side effects. Events are heard on the in-process bus
    // (what SQLite's streams listen to) on the turn after they are published.
    const [actor, a, b] = [await user(db(), 'Actor'), await user(db()), await user(db())];
    const heard: string[] = [];
    const listen = (payload: string) => heard.push(payload);
    localEvents.on('notification', listen);
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    try {
      const row = { type: 'commented' as const, data: '{}', created_at: now() };
      await insertNotifications(db(), [{ user_id: a, ...row }]);
      await settled();
      expect(heard).toEqual([]);
      await db()
        .transaction()
        .execute((trx) => notify(trx, 'commented', actor, [a, b], { product_id: 1 }));
      await settled();
      const ids = await db()
        .selectFrom('notifications')
        .select(['id', 'user_id'])
        .where('user_id', 'in', [a, b])
        .where('data', '!=', '{}')
        .orderBy('id')
        .execute();
      expect(heard).toEqual(ids.map((r) => `${r.user_id}:${r.id}`));
    } finally {
      localEvents.off('notification', listen);
    }
  });

  it('notify: each recipient once, never the actor, nulls and repeats dropped', async () => {
    const [actor, a, b] = [await user(db(), 'Actor'), await user(db()), await user(db())];
    const marker = 900_000 + serial;
    await db()
      .transaction()
      .execute((trx) =>
        notify(trx, 'commented', actor, [a, actor, null, b, a, undefined], {
          product_id: marker,
          type: 'demand',
          commentable_type: 'product',
          commentable_id: marker,
          comment_id: undefined,
        }),
      );
    const rows = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('data', 'like', `%${marker}%`)
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([a, b].sort((x, y) => x - y));
    expect(rows[0]).toMatchObject({ type: 'commented', read_at: null });
    expect(JSON.parse(rows[0].data)).toEqual({
      user_id: actor,
      user_first_name: 'Actor',
      user_last_name: expect.any(String),
      user_photo: 'actor.webp',
      // No product has this id: its names stay null.
      product_name: null,
      product_name_ar: null,
      product_name_fr: null,
      product_id: marker,
      type: 'demand',
      commentable_type: 'product',
      commentable_id: marker,
    });
  });
});
