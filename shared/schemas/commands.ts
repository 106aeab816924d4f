import { MODERATION_STATUSES } from '../domain/trust';
import { idParam, yesNo, z } from './common';
import { COMMANDS_PAGE_SIZE } from '../constants';
import { offsetListBody, reactionSummary } from './comments';

// SPEC §7 commands calls. The body's numbers are checked against the product by
// shared/domain/commands.ts (they depend on its subcategory); here only their shape.

export const COMMAND_TEXT_MAX = 2000;

export const productIdParam = z.object({ productId: idParam.shape.id });

export const commandListBody = offsetListBody(COMMANDS_PAGE_SIZE);
export type CommandListBody = z.output<typeof commandListBody>;

/** A number from a JSON body or a form field; its range is checked by the domain rules. */
const looseNumber = z.union([z.number(), z.string().max(20), z.null()]).optional();

export const commandBody = z.object({
  price: looseNumber,
  number: looseNumber,
  period: looseNumber,
  /** a rent's start, a date or a date and time (checked by shared/domain/rentals.ts) */
  starts_at: z.string().max(40).nullish(),
  private: yesNo.nullish().transform((v) => v ?? 'no'),
  text: z
    .string()
    .trim()
    .max(COMMAND_TEXT_MAX, 'bad_input')
    .nullish()
    .transform((v) => v || null),
});
export type CommandBody = z.output<typeof commandBody>;

export const commandUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  photo_url: z.string().nullable(),
  photo_small_url: z.string().nullable(),
  /** the user's main phone (phone_1); null to anyone not party to the command (issue 14) */
  phone: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
});

export const command = z.object({
  /** Issue 19: `review` or `hidden` only reach the author and site staff. */
  moderation_status: z.enum(MODERATION_STATUSES).optional(),
  id: z.number().int(),
  /** null, as `user`, once the author deleted their account: "deleted account" (issue 34 item 5) */
  user_id: z.number().int().nullable(),
  product_id: z.number().int(),
  user: commandUser.nullable(),
  price: z.number().int().nullable(),
  number: z.number().int(),
  period: z.number().int().nullable(),
  private: yesNo,
  text: z.string().nullable(),
  sold: z.boolean(),
  /**
   * Issue 32 item 7: when a rent's units are held from (its asked start, else its acceptance);
   * null while a rent without one waits, and for any other command.
   */
  starts_at: z.string().nullable(),
  comments_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  ...reactionSummary.shape,
});
export type Command = z.infer<typeof command>;

export const commandResponse = z.object({ command });
/** `total` counts every command of the product, private ones included (DESIGN §6). */
export const commandsResponse = z.object({ commands: z.array(command), total: z.number().int() });
