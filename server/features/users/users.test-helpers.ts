import { type TestContext } from '../../test/harness';

// Shared by the users route suites: the keys of the public and self views, a shop's row.

export const PUBLIC_KEYS = [
  'cover',
  'cover_small_url',
  'cover_url',
  'created_at',
  'first_name',
  'id',
  'last_name',
  'more_infos',
  'phone_1',
  'phone_2',
  'photo',
  'photo_small_url',
  'photo_url',
  'role',
  'whatsapp_number',
  'phone_verified_at',
].sort();
/** GET /users/user/{id}: the public fields and the shops the user owns. */
export const PROFILE_KEYS = [...PUBLIC_KEYS, 'shops', 'rating_average', 'rating_count'].sort();
export const SELF_KEYS = [...PUBLIC_KEYS, 'email', 'language', 'shops', 'sms_alerts'].sort();

export async function shopRow(ctx: TestContext, id: number) {
  return ctx.app.db.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst();
}
