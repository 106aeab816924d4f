import type { SeedCategory } from './helpers';
import { realEstate, vehicles } from './vehicles-property';
import { baby, fashion, hobbies } from './fashion-hobbies';
import { diy, homeGoods, multimedia } from './home-goods';
import { animals, beauty, food, professionalEquipment, services, traditionalItems } from './trade';

/** SPEC §3's fixed category tree, in display order (order_number follows this order). */
export const CATALOG_TREE: SeedCategory[] = [
  vehicles,
  realEstate,
  multimedia,
  homeGoods,
  diy,
  fashion,
  baby,
  hobbies,
  professionalEquipment,
  food,
  animals,
  beauty,
  traditionalItems,
  services,
];
