import { z, paginationOf, pageNumber } from './common';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../domain/audit';

// GET /admin/audit?page=&action=&actor_id= (DESIGN §4 milestone-3 row; issue 34 item 4).

const blankAsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);

export const auditQuery = z.object({
  page: pageNumber,
  action: z.preprocess(blankAsMissing, z.enum(AUDIT_ACTIONS).optional()),
  actor_id: z.preprocess(
    blankAsMissing,
    z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** What a row looked like before or after the action: the fields that matter, never a secret. */
const snapshot = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  id: z.number().int(),
  /** null for actions no person made (the command line); a deleted account keeps its id. */
  actor: z
    .object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      /** The account is gone since (its entries stay: the trail is kept at least a year). */
      deleted: z.boolean(),
    })
    .nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  target_id: z.number().int(),
  before: snapshot,
  after: snapshot,
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({ entries: paginationOf(auditEntry) });
