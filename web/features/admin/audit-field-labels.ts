// Issue 34 item 4: the label of each field an audit entry's before → after may hold (the
// snapshots of `recordAudit`'s callers). A field is named as where it is edited (the catalogue
// forms, the profile and shop forms, the moderation dialog), so the trail reads like the forms;
// `audit_field_*` only where no form names it. A field not listed shows its column name.

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
