import { beforeAll } from 'vitest';
import type { TestContext } from '../../test/harness';
import { ageAccounts, createProduct, createSubcategory, personalShopOf } from '../../test/fixtures';
import { manyUsers, signIn } from '../products/products.test-helpers';

// The scenario of the moderation suites (issue 19, docs/trust.md): a seller with offers, reporters
// old enough to be trusted, and what a stranger's search finds.

/** Call inside a `describeEachEngine` body: its subcategory is made before the suite's tests. */
export function moderationScenario(ctx: () => TestContext) {
  let subId: number;

  beforeAll(async () => {
    subId = (await createSubcategory(ctx().app.db)).id;
  });

  async function seller() {
    const s = await signIn(ctx());
    const shopId = await personalShopOf(ctx().app.db, s.user.id);
    const offer = async (name = 'Toyota Hilux 2015') =>
      createProduct(ctx().app.db, {
        shop_id: shopId,
        psubcategory_id: subId,
        user_id: s.user.id,
        name,
        search_text: name.toLowerCase(),
      });
    return { ...s, shopId, offer };
  }

  async function oldReporters(n: number) {
    const users = await manyUsers(ctx(), n);
    await ageAccounts(
      ctx().app.db,
      users.map((u) => u.user.id),
    );
    return users;
  }

  const foundIds = async (client = ctx().client()) =>
    (
      (await client.post('/products/all/0/search', { type: 'offer' })).json().products.data as {
        id: number;
      }[]
    ).map((p) => p.id);

  /** An offer's JSON (SPEC §7's page address, asked for JSON), as `client` sees it. */
  const offerPage = (id: number, client = ctx().client()) =>
    client.get(`/products/product/${id}`, { headers: { accept: 'application/json' } });

  return { seller, oldReporters, foundIds, offerPage };
}
