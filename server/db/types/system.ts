import type { AuditAction, AuditTargetType } from '../../../shared/domain/audit';
import type { Id } from './columns';

// Row types of settings, per-user rate limits and logs sent by the web app.

export interface SettingsTable {
  key: string;
  value: string;
}

/** Per-user rate limits (server/limits/): hits of `key` in `scope` during one fixed window. */
export interface RateLimitsTable {
  scope: string;
  key: string;
  /** Unix seconds. */
  window_start: number;
  window_end: number;
  count: number;
}

export interface FrontendLogsTable {
  id: Id;
  user_id: number | null;
  text: string;
  created_at: string;
  /** The address that sent it (quota and pruning per source); null for logs before 006. */
  source: string | null;
}

/** Staff actions (migration 028; shared/domain/audit.ts): before and after are JSON text. */
export interface AuditLogTable {
  id: Id;
  actor_id: number | null;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: number;
  before: string | null;
  after: string | null;
  created_at: string;
}
