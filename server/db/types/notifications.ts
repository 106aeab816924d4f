import type { Selectable } from 'kysely';
import type { NOTIFICATION_KINDS } from '../../../shared/constants';
import type { Id } from './columns';

// Row types of notifications and the live streams that carry them.

type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationsTable {
  id: Id;
  user_id: number;
  type: NotificationKind;
  data: string; // JSON text
  read_at: string | null;
  created_at: string;
  /** One row per (user_id, group_key): a notification updated in place (024); null for most. */
  group_key: string | null;
}

/** A live notification stream held by a process (019, server/features/notifications/stream-leases.ts). */
export interface StreamLeasesTable {
  user_id: number;
  slot: number;
  holder: string;
  stream: string;
  /** Unix milliseconds. */
  expires_at: number;
}

export type NotificationRow = Selectable<NotificationsTable>;
