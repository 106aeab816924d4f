import { z } from './common';
import { FRONTEND_LOG_MAX_BYTES } from '../constants';
import { paginationOf } from './common';

// Frontend logs (SPEC §3, §7; DESIGN §4): the web app reports its own errors as JSON text.

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const frontendLogBody = z.object({
  text: z
    .string()
    .min(1, { message: 'required', abort: true })
    .refine((t) => utf8Bytes(t) <= FRONTEND_LOG_MAX_BYTES, { message: 'too_large', abort: true })
    .refine((t) => {
      try {
        JSON.parse(t);
        return true;
      } catch {
        return false;
      }
    }, 'invalid_json'),
});
export type FrontendLogBody = z.infer<typeof frontendLogBody>;

export const frontendLog = z.object({
  id: z.number().int(),
  user: z
    .object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      phone_1: z.string(),
    })
    .nullable(),
  creation_date: z.string(),
  /** The JSON text the web app sent. */
  text: z.string(),
});
export type FrontendLog = z.infer<typeof frontendLog>;

export const frontendLogsPage = z.object({ frontendsLogs: paginationOf(frontendLog) });
