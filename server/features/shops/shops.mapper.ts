import type { AssignableRole } from '../../../shared/domain/employees';
import type {
  MyInvitation,
  Shop,
  ShopEmployee,
  ShopInvitation,
  ShopSummary,
} from '../../../shared/schemas/shops';
import { imageFields } from '../../media/media';
import { roundedAverage } from '../../../shared/domain/ratings';
import type { EmployeeRow, ShopWithExtras } from './shops.repository';
import type { InvitationRow, MyInvitationRow } from './invitations.repository';
import { hasPhone, withoutShopNumbers } from '../insights/numbers';

export function toShopSummary(row: ShopWithExtras): ShopSummary {
  return {
    id: row.id,
    name: row.name,
    ...imageFields('logo', row.logo),
    ...imageFields('cover', row.cover),
    description: row.description,
    phone_1: row.phone_1,
    phone_2: row.phone_2,
    first_whatsapp_number: row.first_whatsapp_number,
    second_whatsapp_number: row.second_whatsapp_number,
    has_phone: hasPhone(row),
    email: row.email,
    more_infos: row.more_infos,
    is_professional: !!row.is_professional,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    pcategory_id: row.pcategory_id,
    pcategory:
      row.pcategory_id !== null && row.pcategory_name !== null
        ? { id: row.pcategory_id, name: row.pcategory_name }
        : null,
    offers_count: Number(row.offers_count ?? 0),
    demands_count: Number(row.demands_count ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
    phone_verified_at: row.phone_verified_at ?? null,
    rating_average: roundedAverage(Number(row.rating_sum ?? 0), Number(row.rating_count ?? 0)),
    rating_count: Number(row.rating_count ?? 0),
  };
}

/**
 * A shop in a list (GET /shops/paginate/all/0): the summary without its numbers (issue 19 item 5:
 * the fields stay, null), so a list cannot be harvested.
 */
export function toShopListItem(row: ShopWithExtras): ShopSummary {
  return withoutShopNumbers(toShopSummary(row));
}

export function toEmployee(row: EmployeeRow): ShopEmployee {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    ...imageFields('photo', row.photo),
    pivot: { role: row.role },
  };
}

export function toShop(row: ShopWithExtras, employees: EmployeeRow[]): Shop {
  return { ...toShopSummary(row), employees: employees.map(toEmployee) };
}

/**
 * GET /shops/shop/{id} (issue 29 item 2): the numbers null (the keys stay) unless the viewer is
 * the shop's staff or site staff; GET /shops/{id}/phone gives them on tap, limited and counted.
 */
export function toPublicShop(
  row: ShopWithExtras,
  employees: EmployeeRow[],
  seesNumbers: boolean,
): Shop {
  const shop = toShop(row, employees);
  return seesNumbers ? shop : withoutShopNumbers(shop);
}

export function toInvitation(row: InvitationRow): ShopInvitation {
  return {
    id: row.id,
    login: row.login,
    created_at: row.created_at,
    pivot: { role: row.role as AssignableRole, status: 'invited' },
  };
}

export function toMyInvitation(row: MyInvitationRow): MyInvitation {
  return {
    id: row.id,
    role: row.role as AssignableRole,
    created_at: row.created_at,
    shop: { id: row.shop_id, name: row.shop_name, ...imageFields('logo', row.shop_logo) },
  };
}
