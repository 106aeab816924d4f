import { expect, it } from 'vitest';
import { describeEachEngine, nextPhone } from '../../test/harness';
import { personalShopOf } from '../../test/fixtures';
import { now } from '../../db/connect';
import { clearCopiedShopEmails } from '../../db/migrations/007-invitations-and-limits';

// Issue 14 item 4: a personal shop never publishes its owner's email. Shop answers carry only
// what the shop's owner chose to publish on the shop itself.

describeEachEngine('shops: the owner email stays private', (ctx) => {
  it('a registration with an email makes a personal shop without it', async () => {
    const client = ctx().client();
    const res = await client.post('/register', {
      first_name: 'Mariem',
      last_name: 'Sidi',
      phone_1: nextPhone(),
      email: 'mariem.private@souq.mr',
      password: 'long enough pw',
      password_confirmation: 'long enough pw',
    });
    expect(res.statusCode).toBe(201);
    const shopId = res.json().user.shops[0].id;
    const anonymous = ctx().client();
    const shop = (await anonymous.get(`/shops/shop/${shopId}`)).json().shop;
    expect(shop.email).toBeNull();
    const list = await anonymous.get('/shops/paginate/all/0?page=1');
    expect(list.body).not.toContain('mariem.private@souq.mr');
  });

  it('a profile update does not copy the email to the personal shop', async () => {
    const { client, user } = await ctx().userClient();
    const updated = await client.put(`/users/${user.id}`, { email: 'later.private@souq.mr' });
    expect(updated.statusCode).toBe(200);
    const shopId = await personalShopOf(ctx().app.db, user.id);
    const shop = (await ctx().client().get(`/shops/shop/${shopId}`)).json().shop;
    expect(shop.email).toBeNull();
    const list = await ctx().client().get('/shops/paginate/all/0?page=1');
    expect(list.body).not.toContain('later.private@souq.mr');
    // The public user answer never had it either.
    const publicUser = await ctx().client().get(`/users/user/${user.id}`);
    expect(publicUser.body).not.toContain('later.private@souq.mr');
  });

  it('an email the owner sets on the shop itself is published', async () => {
    const { client, user } = await ctx().userClient();
    const shopId = await personalShopOf(ctx().app.db, user.id);
    await client.put(`/shops/${shopId}`, { email: 'boutique@souq.mr' });
    const shop = (await ctx().client().get(`/shops/shop/${shopId}`)).json().shop;
    expect(shop.email).toBe('boutique@souq.mr');
  });

  it('the migration clears emails copied from the owner, and keeps chosen ones', async () => {
    const { db } = ctx().app;
    const copied = await ctx().userClient();
    const chosen = await ctx().userClient();
    await db
      .updateTable('users')
      .set({ email: 'copied.owner@souq.mr' })
      .where('id', '=', copied.user.id)
      .execute();
    await db
      .updateTable('users')
      .set({ email: 'chosen.owner@souq.mr' })
      .where('id', '=', chosen.user.id)
      .execute();
    const copiedShop = await personalShopOf(db, copied.user.id);
    const chosenShop = await personalShopOf(db, chosen.user.id);
    const at = now();
    await db
      .updateTable('shops')
      .set({ email: 'copied.owner@souq.mr', updated_at: at })
      .where('id', '=', copiedShop)
      .execute();
    await db
      .updateTable('shops')
      .set({ email: 'shop.contact@souq.mr', updated_at: at })
      .where('id', '=', chosenShop)
      .execute();
    await clearCopiedShopEmails(db);
    const emailOf = async (id: number) =>
      (await db.selectFrom('shops').select('email').where('id', '=', id).executeTakeFirstOrThrow())
        .email;
    expect(await emailOf(copiedShop)).toBeNull();
    expect(await emailOf(chosenShop)).toBe('shop.contact@souq.mr');
  });
});
