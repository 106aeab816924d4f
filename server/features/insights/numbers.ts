import type { Executor } from '../../db/types';
import type { AuthUser } from '../../plugins/session';
import { can } from '../../../shared/domain/permissions';
import { shopRoleOf } from '../shops/shops.repository';

// Issue 29 item 2 (docs/insights.md "Phone on tap"): public answers and pages carry no numbers
// (the fields stay, null); the tap endpoints give them, rate-limited and counted. Those who look
// after the numbers still see them in the answers: a shop's staff (any role) and the user
// themself, and site staff (moderation).

/** The shop's staff and site staff see its numbers in its answers. */
export async function seesShopNumbers(
  db: Executor,
  viewer: AuthUser | null,
  shopId: number,
): Promise<boolean> {
  if (!viewer) return false;
  if (can.moderate(viewer)) return true;
  return (await shopRoleOf(db, shopId, viewer.id)) !== null;
}

/** The user and site staff see the user's numbers in the profile answer. */
export const seesUserNumbers = (viewer: AuthUser | null, userId: number) =>
  !!viewer && (viewer.id === userId || can.moderate(viewer));

interface ShopNumbers {
  phone_1: string | null;
  phone_2: string | null;
  first_whatsapp_number: string | null;
  second_whatsapp_number: string | null;
}

/** The shop's number fields null (SPEC's keys stay). */
export const withoutShopNumbers = <T extends ShopNumbers>(shop: T): T => ({
  ...shop,
  phone_1: null,
  phone_2: null,
  first_whatsapp_number: null,
  second_whatsapp_number: null,
});

/** Whether the shop has a number to give on tap (the page shows its button only then). */
export const hasPhone = (shop: ShopNumbers) =>
  !!(shop.phone_1 || shop.phone_2 || shop.first_whatsapp_number || shop.second_whatsapp_number);
