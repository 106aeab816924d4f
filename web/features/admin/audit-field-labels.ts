// Issue 34 item 4: the label of each field an audit entry's before → after may hold (the
// snapshots of `recordAudit`'s callers). A field is named as where it is edited (the catalogue
// forms, the profile and shop forms, the moderation dialog), so the trail reads like the forms;
// `audit_field_*` only where no form names it. A field not listed shows its column name.

import {
  FIELD_POSITIONS,
  FIELD_TYPES,
  LANGUAGES,
  SHOP_ROLES,
  SITE_ROLES,
  YES_NO,
} from '../../../shared/constants';
import { MODERATION_STATUSES } from '../../../shared/domain/trust';

export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'audit_field_id',
  // The catalogue (pcategory, psubcategory, pfield).
  name: 'name',
  name_ar: 'admin_name_ar',
  name_fr: 'admin_name_fr',
  order_number: 'order_number',
  pcategory: 'category',
  pcategory_id: 'category',
  psubcategory_id: 'subcategory',
  can_be_used: 'can_be_used',
  can_be_rented: 'can_be_rented',
  can_be_delivered: 'can_be_delivered',
  can_be_priced: 'can_be_priced',
  can_be_counted: 'can_be_counted',
  mesure_unit: 'mesure_unit',
  translated: 'translated',
  type: 'field_type',
  position: 'position',
  values: 'values',
  // Accounts and shops.
  first_name: 'first_name',
  last_name: 'last_name',
  phone_1: 'phone_1',
  phone_2: 'phone_2',
  whatsapp_number: 'whatsapp_number',
  first_whatsapp_number: 'first_whatsapp_number',
  second_whatsapp_number: 'second_whatsapp_number',
  email: 'email',
  more_infos: 'more_infos',
  description: 'description',
  language: 'language',
  photo: 'photo',
  cover: 'cover',
  logo: 'logo',
  latitude: 'latitude',
  longitude: 'longitude',
  is_professional: 'is_professional',
  role: 'role',
  login: 'login',
  banned_at: 'audit_field_banned_at',
  ban_reason: 'moderation_ban_reason',
  // Moderation, and what people wrote.
  moderation_status: 'audit_field_moderation_status',
  note: 'audit_field_note',
  text: 'audit_field_text',
  number: 'quantity',
  user_id: 'audit_target_user',
  shop_id: 'shop',
};

/** The dictionary key of a snapshot's field, or undefined: show the column name. */
export const auditFieldLabel = (field: string): string | undefined =>
  Object.hasOwn(AUDIT_FIELD_LABELS, field) ? AUDIT_FIELD_LABELS[field] : undefined;

const among = (list: readonly string[], value: unknown): value is string =>
  typeof value === 'string' && list.includes(value);

/** The yes/no flags of the catalogue and of accounts. */
const YES_NO_FIELDS = new Set([
  'can_be_used',
  'can_be_rented',
  'can_be_delivered',
  'can_be_priced',
  'can_be_counted',
  'translated',
  'is_professional',
]);

/**
 * The dictionary key of a snapshot's value, named as the forms name it (yes or no, a field's type
 * and position, a language, a site or shop role, a moderation state), or undefined: the value is
 * shown as stored. `action` tells a shop's role (employee.*) from a site role.
 */
export function auditValueKey(field: string, value: unknown, action: string): string | undefined {
  switch (field) {
    case 'type':
      return among(FIELD_TYPES, value) ? `field_type_${value}` : undefined;
    case 'position':
      return among(FIELD_POSITIONS, value) ? `position_${value}` : undefined;
    case 'language':
      return among(LANGUAGES, value) ? `language_${value}` : undefined;
    case 'role':
      if (action.startsWith('employee.')) {
        return among(SHOP_ROLES, value) ? `shop_role_${value}` : undefined;
      }
      return among(SITE_ROLES, value) ? `role_${value}` : undefined;
    case 'moderation_status':
      if (value === 'visible') return 'audit_value_visible';
      return among(MODERATION_STATUSES, value) ? `moderation_status_${value}` : undefined;
    default:
      return YES_NO_FIELDS.has(field) && among(YES_NO, value) ? value : undefined;
  }
}
