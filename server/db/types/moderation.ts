import type {
  ModeratedType,
  ModerationFlag,
  ReportReason,
  ReportStatus,
} from '../../../shared/domain/trust';
import type { Id, Defaulted } from './columns';
import type { SavesTable } from './products';

// Row types of reports, the moderation queue and its log (migration 014).

export interface ReportsTable extends SavesTable {
  reason: Defaulted<ReportReason>;
  text: Defaulted<string | null>;
  status: Defaulted<ReportStatus>;
}

/** Reports of comments, commands and ratings (migrations 014, 026): exactly one id is set. */
export interface ItemReportsTable {
  id: Id;
  user_id: number;
  comment_id: number | null;
  command_id: number | null;
  rating_id: Defaulted<number | null>;
  reason: ReportReason;
  text: string | null;
  status: Defaulted<ReportStatus>;
  created_at: string;
}

/** One row per item that entered the moderation queue (migration 014). */
export interface ModerationItemsTable {
  id: Id;
  target_type: ModeratedType;
  target_id: number;
  author_id: number | null;
  pending: Defaulted<number>;
  flag: Defaulted<ModerationFlag | null>;
  reports_count: Defaulted<number>;
  last_event_at: string;
  created_at: string;
}

/** Every moderation action, by a moderator (actor) or automatic (actor null). */
export interface ModerationLogTable {
  id: Id;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number;
  note: string | null;
  created_at: string;
}
