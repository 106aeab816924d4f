import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { Language, SiteRole } from '../../../shared/constants';
import type { Id, Defaulted } from './columns';

// Row types of accounts, their sessions, sign-in throttling and one-time codes.

export interface UsersTable {
  id: Id;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_1: string;
  phone_2: string | null;
  whatsapp_number: string | null;
  photo: string | null;
  cover: string | null;
  more_infos: string | null;
  role: Defaulted<SiteRole>;
  language: Language | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** Issue 21: when phone_1 was proved by a code; null until then and once it changes. */
  phone_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the account is banned (migration 014). */
  banned_at: Defaulted<string | null>;
  ban_reason: Defaulted<string | null>;
  reports_upheld: Defaulted<number>;
  reports_dismissed: Defaulted<number>;
  /** Issue 32 (migration 035): 1 when the user asked for SMS alerts (`listing_expiring`). */
  sms_alerts: Defaulted<number>;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie's secret id
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_start: string;
  last_failure_at: string | null;
}

/** Issue 21: the live one-time code of a (user, purpose). */
export interface AccountCodesTable {
  id: Id;
  user_id: number;
  purpose: 'reset' | 'verify';
  code_hash: string;
  target: string;
  attempts: Defaulted<number>;
  expires_at: string;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
