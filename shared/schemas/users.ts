import { z } from './common';
import { LANGUAGES, PASSWORD_MIN_LENGTH, SHOP_ROLES, SITE_ROLES } from '../constants';
import { normalizePhone } from '../domain/phone';

const phone = z.string().transform((value, ctx) => {
  const normal = normalizePhone(value);
  if (!normal) {
    ctx.addIssue({ code: 'custom', message: 'phone_bad_input' });
    return z.NEVER;
  }
  return normal;
});
const optionalPhone = z.union([z.literal('').transform(() => null), phone]).nullish();
const name = z.string().trim().min(1, 'required').max(60);
const password = z.string().min(PASSWORD_MIN_LENGTH, 'password_too_short').max(200);

export const registerBody = z
  .object({
    first_name: name,
    last_name: name,
    phone_1: phone,
    email: z
      .union([z.literal('').transform(() => null), z.email().max(200).toLowerCase()])
      .nullish(),
    password,
    password_confirmation: z.string(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'password_confirmation_mismatch',
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  login: z.string().trim().min(1, 'required').max(200),
  password: z.string().min(1, 'required').max(200),
});

export const passwordBody = z
  .object({
    old_password: z.string().min(1, 'required').max(200),
    new_password: password,
    new_password_confirmation: z.string(),
  })
  .refine((b) => b.new_password === b.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: 'password_confirmation_mismatch',
  });

export const profileBody = z.object({
  first_name: name.optional(),
  last_name: name.optional(),
  phone_1: phone.optional(),
  phone_2: optionalPhone,
  whatsapp_number: optionalPhone,
  email: z.union([z.literal('').transform(() => null), z.email().max(200).toLowerCase()]).nullish(),
  more_infos: z.string().max(2000).nullish(),
  language: z.enum(LANGUAGES).optional(),
});

/** What anyone may see of a user. */
export const publicUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone_1: z.string(),
  phone_2: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  photo: z.string().nullable(),
  cover: z.string().nullable(),
  more_infos: z.string().nullable(),
  role: z.enum(SITE_ROLES),
  created_at: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const userShop = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  is_professional: z.boolean(),
  pivot: z.object({ role: z.enum(SHOP_ROLES) }),
});

/** What the signed-in user sees of themselves. */
export const selfUser = publicUser.extend({
  email: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  shops: z.array(userShop),
});
export type SelfUser = z.infer<typeof selfUser>;

/**
 * An optional phone for other features' forms (shops): blank means none; a bad number answers
 * 'phone_bad_input' (a union with '' would lose that key).
 */
export const optionalPhoneInput = z
  .string()
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const normal = normalizePhone(value);
    if (!normal) {
      ctx.addIssue({ code: 'custom', message: 'phone_bad_input' });
      return z.NEVER;
    }
    return normal;
  })
  .nullish();
export type ProfileBody = z.infer<typeof profileBody>;
