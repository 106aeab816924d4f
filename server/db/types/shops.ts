import type { Selectable } from 'kysely';
import type { ShopRole } from '../../../shared/constants';
import type { Id, Defaulted } from './columns';

// Row types of shops, their staff and pending invitations.

export interface ShopsTable {
  id: Id;
  name: string;
  logo: string | null;
  cover: string | null;
  description: string | null;
  phone_1: string | null;
  phone_2: string | null;
  first_whatsapp_number: string | null;
  second_whatsapp_number: string | null;
  email: string | null;
  more_infos: string | null;
  is_professional: Defaulted<number>;
  latitude: number | null;
  longitude: number | null;
  pcategory_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ShopEmployeesTable {
  shop_id: number;
  user_id: number;
  role: ShopRole;
  created_at: string;
}

/** A pending staff invitation (migration 007): `login` is a normalised phone or an email. */
export interface ShopInvitationsTable {
  id: Id;
  shop_id: number;
  login: string;
  role: ShopRole;
  invited_by: number | null;
  created_at: string;
}

export type ShopRow = Selectable<ShopsTable>;
