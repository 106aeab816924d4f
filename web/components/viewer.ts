import type { ShopRole } from '../../shared/constants';
import type { Me } from '../lib/use-me';

/** The signed-in user's role in a shop, null when they are not on its staff (or anonymous). */
export function shopRoleOf(me: Me | null | undefined, shopId: number): ShopRole | null {
  return me?.shops.find((shop) => shop.id === shopId)?.pivot.role ?? null;
}
