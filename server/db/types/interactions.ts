import type { Selectable } from 'kysely';
import type {
  ReactionKind,
  REACTIONABLE_TYPES,
  COMMENTABLE_TYPES,
  YesNo,
} from '../../../shared/constants';
import type { ModerationStatus } from '../../../shared/domain/trust';
import type { Id, Counter, Defaulted, ReactionCounters } from './columns';

// Row types of reactions, comments and commands.

type ReactionableType = (typeof REACTIONABLE_TYPES)[number];
type CommentableType = (typeof COMMENTABLE_TYPES)[number];

export interface ReactionsTable {
  id: Id;
  user_id: number;
  reactionable_type: ReactionableType;
  reactionable_id: number;
  product_id: number | null;
  comment_id: number | null;
  command_id: number | null;
  name: ReactionKind;
  created_at: string;
}

export interface CommentsTable extends ReactionCounters {
  id: Id;
  /** null once the author deleted their account: the comment stays (migration 033) */
  user_id: number | null;
  commentable_type: CommentableType;
  commentable_id: number;
  product_id: number; // the product the thread hangs under
  command_id: number | null; // set anywhere under a command
  parent_id: number | null; // set when replying to a comment
  depth: Defaulted<number>; // 1 for a comment on a product or command
  text: string;
  comments_count: Counter;
  created_at: string;
  updated_at: string;
  moderation_status: Defaulted<ModerationStatus>; // migration 014
  /** 0 while held at creation and not yet announced (migration 023) */
  announced: Defaulted<number>;
}

export interface CommandsTable extends ReactionCounters {
  id: Id;
  /** null once the author deleted their account: the command stays (migration 033) */
  user_id: number | null;
  product_id: number;
  price: number | null;
  number: Defaulted<number>;
  period: number | null;
  private: Defaulted<YesNo>;
  text: string | null;
  sold: Counter;
  comments_count: Counter;
  created_at: string;
  updated_at: string;
  moderation_status: Defaulted<ModerationStatus>; // migration 014
  /** 0 while held at creation and not yet announced (migration 023) */
  announced: Defaulted<number>;
  /** when it was accepted (GET /commands/sold/{id}); ratings run 30 days from it (migration 026) */
  accepted_at: Defaulted<string | null>;
  /** a rent's asked start, else null: its acceptance (migration 027) */
  starts_at: Defaulted<string | null>;
  /** the end of an accepted rent's period; null for every other command (migration 027) */
  ends_at: Defaulted<string | null>;
}

export type CommentRow = Selectable<CommentsTable>;
export type CommandRow = Selectable<CommandsTable>;
