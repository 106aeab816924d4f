import { ratingSummary } from './ratings';
import { yesNoBoolean, z } from './common';
import { LANGUAGES, PASSWORD_MIN_LENGTH, SHOP_ROLES, SITE_ROLES } from '../constants';
import { normalizePhone } from '../domain/phone';
import { isCommonPassword } from '../domain/common-passwords';

const phone = z.string().transform((value, ctx) => {
  const normal = normalizePhone(value);
  if (!normal) {
    ctx.addIssue({ code: 'custom', message: 'phone_bad_input' });
    return z.NEVER;
  }
  return normal;
});

/**
 * An optional phone (profile, shops): blank means none; a bad number answers 'phone_bad_input'
 * (a union with '' would lose that key).
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

/**
 * An image field of a form (user photo and cover, shop logo and cover) sent as text: only blank
 * or null, which removes the image. A new image comes as a file of the same name (multipart).
 */
export const clearImage = z
  .union([z.literal(''), z.null()])
  .transform(() => null)
  .optional();

/** A confirmation can be compared: both fields arrived as text (whatever else is wrong). */
const bothStrings = (value: unknown, a: string, b: string) =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>)[a] === 'string' &&
  typeof (value as Record<string, unknown>)[b] === 'string';

const name = z.string().trim().min(1, 'required').max(60);
/** A new password (registration, change, reset): long enough, and not one of the first guesses. */
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'password_too_short')
  .max(200)
  // One error at a time: a short password is told it is short, not also that it is common.
  .refine((p) => p.length < PASSWORD_MIN_LENGTH || !isCommonPassword(p), 'password_too_common');

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
    // Checked even when another field is wrong, so that every error shows at once (issue 20).
    when: (payload) => bothStrings(payload.value, 'password', 'password_confirmation'),
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
    when: (payload) => bothStrings(payload.value, 'new_password', 'new_password_confirmation'),
  });

export const profileBody = z.object({
  first_name: name.optional(),
  last_name: name.optional(),
  phone_1: phone.optional(),
  phone_2: optionalPhoneInput,
  whatsapp_number: optionalPhoneInput,
  email: z.union([z.literal('').transform(() => null), z.email().max(200).toLowerCase()]).nullish(),
  more_infos: z.string().max(2000).nullish(),
  language: z.enum(LANGUAGES).optional(),
  photo: clearImage,
  cover: clearImage,
  /** Issue 32: SMS alerts (`listing_expiring`); the user alone may set it, with a verified phone_1. */
  sms_alerts: yesNoBoolean.optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;
/** The profile's fields, in the form's order (the form's errors, a staff edit's audit entry). */
export const PROFILE_FIELDS = Object.keys(profileBody.shape) as (keyof ProfileBody)[];

/** The files a form may carry, one image each (multipart). */
export const USER_IMAGES = ['photo', 'cover'] as const;

/** What anyone may see of a user. */
export const publicUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone_1: z.string(),
  phone_2: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  photo: z.string().nullable(),
  /** /media/ urls of the photo: the stored original and the small variant (avatars). */
  photo_url: z.string().nullable(),
  photo_small_url: z.string().nullable(),
  cover: z.string().nullable(),
  cover_url: z.string().nullable(),
  cover_small_url: z.string().nullable(),
  more_infos: z.string().nullable(),
  role: z.enum(SITE_ROLES),
  created_at: z.string(),
  /** Issue 21: when phone_1 was proved by a code (the "verified number" badge); null if never. */
  phone_verified_at: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const userShop = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  logo_url: z.string().nullable(),
  logo_small_url: z.string().nullable(),
  is_professional: z.boolean(),
  pivot: z.object({ role: z.enum(SHOP_ROLES) }),
});

/** What the signed-in user sees of themselves. */
export const selfUser = publicUser.extend({
  email: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  /** Issue 32: the user asked for SMS alerts (an offer about to expire); off by default. */
  sms_alerts: z.boolean(),
  shops: z.array(userShop),
});
export type SelfUser = z.infer<typeof selfUser>;

export const selfUserResponse = z.object({ user: selfUser });
/** GET /users/me: null when nobody is signed in. */
export const meResponse = z.object({ user: selfUser.nullable() });
/** GET /users/user/{id}: the public fields and the shops the user owns (issue 20). */
export const publicProfile = publicUser.extend({
  /**
   * Issue 29 item 2: the numbers are null (the keys stay) for anyone but the user and site staff;
   * GET /users/{id}/phone gives them on a tap, rate-limited and counted.
   */
  phone_1: z.string().nullable(),
  phone_2: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  shops: z.array(userShop),
  /** Issue 32 item 5: the ratings of the shops the user owns (average one decimal, and count). */
  ...ratingSummary.shape,
});
export type PublicProfile = z.infer<typeof publicProfile>;
export const publicProfileResponse = z.object({ user: publicProfile });

/** Issue 21: POST /password/forgot. The login is a phone number or an e-mail address. */
export const forgotBody = z.object({ login: z.string().trim().min(1, 'required').max(200) });

/** A code as typed: 6 digits from an SMS (any digits), or the token of an e-mail link. */
const oneTimeCode = z.string().trim().min(1, 'required').max(100);

/** POST /password/code (issue 35 item 15): the reset code checked before the new password. */
export const resetCodeBody = z.object({
  login: z.string().trim().min(1, 'required').max(200),
  code: oneTimeCode,
});

/** POST /password/reset. */
export const resetBody = z
  .object({
    login: z.string().trim().min(1, 'required').max(200),
    code: oneTimeCode,
    password,
    password_confirmation: z.string(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'password_confirmation_mismatch',
    when: (payload) => bothStrings(payload.value, 'password', 'password_confirmation'),
  });

/** POST /users/phone/verify. */
export const verifyPhoneBody = z.object({ code: oneTimeCode });

/** DELETE /users/me (issue 34 item 5): the password again, as a last check. */
export const deleteAccountBody = z.object({ password: z.string().min(1, 'required').max(200) });
