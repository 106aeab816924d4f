import type { RatingSummary } from '../../../shared/schemas/ratings';
import type { UserRow } from '../../db/types';
import type { PublicProfile, PublicUser, SelfUser } from '../../../shared/schemas/users';
import { imageFields } from '../../media/media';
import type { ShopRole } from '../../../shared/constants';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_1: row.phone_1,
    phone_2: row.phone_2,
    whatsapp_number: row.whatsapp_number,
    ...imageFields('photo', row.photo),
    ...imageFields('cover', row.cover),
    more_infos: row.more_infos,
    role: row.role,
    created_at: row.created_at,
    phone_verified_at: row.phone_verified_at,
  };
}

interface ShopOfUserRow {
  id: number;
  name: string;
  logo: string | null;
  is_professional: number;
  role: ShopRole;
}

const toUserShop = (s: ShopOfUserRow) => ({
  id: s.id,
  name: s.name,
  ...imageFields('logo', s.logo),
  is_professional: !!s.is_professional,
  pivot: { role: s.role },
});

export function toSelfUser(row: UserRow, shops: ShopOfUserRow[]): SelfUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    language: row.language,
    sms_alerts: !!row.sms_alerts,
    shops: shops.map(toUserShop),
  };
}

/**
 * GET /users/user/{id}: the public fields and the shops the user owns; the numbers null (the keys
 * stay) unless `seesNumbers` (the user, site staff): GET /users/{id}/phone gives them on tap
 * (issue 29 item 2).
 */
export function toPublicProfile(
  row: UserRow,
  shops: ShopOfUserRow[],
  seesNumbers: boolean,
  rating: RatingSummary,
): PublicProfile {
  const profile = { ...toPublicUser(row), shops: shops.map(toUserShop), ...rating };
  return seesNumbers
    ? profile
    : { ...profile, phone_1: null, phone_2: null, whatsapp_number: null };
}
