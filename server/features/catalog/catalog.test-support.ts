import type { TestClient } from '../../test/client';
import type { TestContext } from '../../test/harness';
import { now } from '../../db/connect';

// Shared setup of the catalogue suites: one client per role, and direct inserts.

export interface RoleClients {
  anonymous: TestClient;
  user: TestClient;
  userId: number;
  moderator: TestClient;
  admin: TestClient;
}

export async function roleClients(ctx: TestContext): Promise<RoleClients> {
  const user = await ctx.userClient('user');
  return {
    anonymous: ctx.client(),
    user: user.client,
    userId: user.user.id,
    moderator: (await ctx.userClient('moderator')).client,
    admin: (await ctx.userClient('admin')).client,
  };
}

let counter = 0;
/** A name no other test of the run uses (the suites share one database per engine). */
export const uniqueName = (base: string) => `${base}_${++counter}`;

export async function insertCategory(ctx: TestContext, name: string, order_number = 1) {
  const at = now();
  return ctx.app.db
    .insertInto('pcategories')
    .values({ name, order_number, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertSubcategory(
  ctx: TestContext,
  pcategory_id: number,
  name: string,
  order_number = 1,
) {
  const at = now();
  return ctx.app.db
    .insertInto('psubcategories')
    .values({ pcategory_id, name, order_number, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertField(ctx: TestContext, psubcategory_id: number, name: string) {
  const at = now();
  return ctx.app.db
    .insertInto('pfields')
    .values({ psubcategory_id, name, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}
