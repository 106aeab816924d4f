import { expect } from 'vitest';
import { type TestContext } from '../../test/harness';

// Shared by the shops route suites: the fields of a shop, a valid body, a professional shop.

export const SHOP_KEYS = [
  'cover',
  'cover_small_url',
  'cover_url',
  'created_at',
  'demands_count',
  'description',
  'email',
  'employees',
  'first_whatsapp_number',
  'has_phone',
  'id',
  'is_professional',
  'latitude',
  'logo',
  'logo_small_url',
  'logo_url',
  'longitude',
  'more_infos',
  'name',
  'offers_count',
  'pcategory',
  'pcategory_id',
  'phone_1',
  'phone_2',
  'second_whatsapp_number',
  'updated_at',
  'phone_verified_at',
  'rating_average',
  'rating_count',
].sort();

export const shopBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Garage Ould Sidi',
  description: 'Pièces et réparations',
  phone_1: '+222 22 12 34 56',
  phone_2: '00222-36.12.34.56',
  first_whatsapp_number: '46123456',
  second_whatsapp_number: '',
  email: 'Garage@Souq.MR',
  more_infos: 'Ouvert le vendredi',
  is_professional: 'yes',
  latitude: 18.0858,
  longitude: -15.9785,
  ...overrides,
});

export async function proShop(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const owner = await ctx.userClient();
  const res = await owner.client.post('/shops/create', shopBody(overrides));
  expect(res.statusCode).toBe(201);
  return { owner, shop: res.json().shop as { id: number; name: string } };
}

export async function countShops(ctx: TestContext) {
  const row = await ctx.app.db
    .selectFrom('shops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
