import fs from 'node:fs';
import path from 'node:path';
import type { TestClient } from '../../test/client';
import { nextPhone, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { register } from '../users/users.service';
import type { Executor } from '../../db/types';
import { now } from '../../db/connect';
import type { FIELD_TYPES, ShopRole, SiteRole } from '../../../shared/constants';

type FieldType = (typeof FIELD_TYPES)[number];
import { jpegWithExif, multipart, png } from '../../media/test-files';
import { createSubcategory } from '../../test/fixtures';
import type { FieldValue } from '../../../shared/domain/pfield-values';

// Shared set-up of the products suites.

export function mediaFiles(ctx: TestContext): string[] {
  const dir = path.join(ctx.config.dataDir, 'media');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

export function sendForm(
  client: TestClient,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string | string[]>,
  files: { name: string; data: Buffer; field?: string }[] = [],
) {
  const body = multipart(fields, files);
  return client.request(method, url, { payload: body.payload, headers: body.headers });
}

export async function createPfield(
  db: Executor,
  psubcategoryId: number,
  type: FieldType,
  values: (string | FieldValue)[] = [],
  name = `${type}_field`,
) {
  const at = now();
  return db
    .insertInto('pfields')
    .values({
      psubcategory_id: psubcategoryId,
      name,
      type,
      // Stored in SPEC §3's one shape, as the admin's schema writes it; a bare string is its value.
      values: JSON.stringify(values.map((v) => (typeof v === 'string' ? { value: v } : v))),
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addEmployee(db: Executor, shopId: number, userId: number, role: ShopRole) {
  await db
    .insertInto('shop_employees')
    .values({ shop_id: shopId, user_id: userId, role, created_at: now() })
    .execute();
}

export async function count(db: Executor, table: 'products' | 'product_files' | 'product_pfield') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let address = 0;
/**
 * `n` signed-in clients. Each signs in from its own forwarded address, since the sign-in route
 * is rate limited per address (and the app trusts the proxy header).
 */
export async function manyUsers(ctx: TestContext, n: number, role: SiteRole = 'user') {
  const users = [];
  for (let i = 0; i < n; i++) {
    const phone = nextPhone();
    const user = await register(
      ctx.app.db,
      {
        first_name: 'Crowd',
        last_name: String(i),
        phone_1: phone,
        email: null,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
        role,
      },
      ctx.config.scryptLogN,
    );
    const client = ctx.client();
    address += 1;
    const res = await client.post(
      '/login',
      { login: phone, password: TEST_PASSWORD },
      {
        headers: {
          'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        },
      },
    );
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    users.push({ client, user: { id: user.id, phone_1: user.phone_1 } });
  }
  return users;
}

/** One signed-in client (see manyUsers: not limited by the sign-in rate limit). */
export async function signIn(ctx: TestContext, role: SiteRole = 'user') {
  return (await manyUsers(ctx, 1, role))[0];
}

/**
 * The subcategories of the create/edit suites: `sub` takes every input and one field of each
 * kind, `plainSub` none of the optional inputs and a field of its own; and two photos.
 */
export async function buildProductWorld(db: Executor) {
  const sub = await createSubcategory(db);
  const plainSub = await createSubcategory(db, {
    name: 'services',
    can_be_priced: 'no',
    can_be_rented: 'no',
    can_be_used: 'no',
    can_be_delivered: 'no',
    can_be_counted: 'no',
  });
  const pf: Record<string, { id: number }> = {};
  pf.number = await createPfield(db, sub.id, 'number', [], 'mileage');
  pf.select = await createPfield(
    db,
    sub.id,
    'select',
    [{ value: 'diesel' }, { value: 'petrol' }],
    'fuel',
  );
  pf.radio = await createPfield(db, sub.id, 'radio', ['manual', 'automatic'], 'gearbox');
  pf.checkbox = await createPfield(
    db,
    sub.id,
    'checkbox',
    [{ value: 'abs' }, { value: 'gps' }, { value: 'camera' }],
    'options',
  );
  pf.text = await createPfield(db, sub.id, 'text', [], 'colour');
  pf.other = await createPfield(db, plainSub.id, 'text', [], 'hours');
  return {
    sub,
    plainSub,
    pf,
    jpeg: await jpegWithExif(),
    pngFile: await png(600, 400),
  };
}
export type ProductWorld = Awaited<ReturnType<typeof buildProductWorld>>;
