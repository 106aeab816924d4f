// The demo offers and demands of DESIGN §10, one file per poster's trade: the order of
// DEMO_PRODUCTS is the order they are seeded in.
import { DEMANDS } from './demands';
import { PERSONAL_SHOP_OFFERS } from './personal-shops';
import { REAL_ESTATE_OFFERS } from './real-estate';
import { TRADITIONAL_ITEM_OFFERS } from './traditional-items';
import type { DemoProduct } from './types';
import { VEHICLE_OFFERS } from './vehicles';

export * from './types';
export { DEMO_SHOPS } from './shops';

export const DEMO_PRODUCTS: DemoProduct[] = [
  ...VEHICLE_OFFERS,
  ...TRADITIONAL_ITEM_OFFERS,
  ...REAL_ESTATE_OFFERS,
  ...PERSONAL_SHOP_OFFERS,
  ...DEMANDS,
];
