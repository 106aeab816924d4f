import type { Selectable } from 'kysely';
import type { ModerationStatus } from '../../../shared/domain/trust';
import type { Id, Defaulted } from './columns';

// Row types of seller ratings (migration 026, docs/ratings.md).

export interface RatingsTable {
  id: Id;
  shop_id: number;
  /** the buyer: the accepted command's author */
  user_id: number;
  /** null once the command went with its offer; the rating stays */
  command_id: number | null;
  product_id: number | null;
  stars: number;
  text: string | null;
  answer_text: Defaulted<string | null>;
  answer_user_id: Defaulted<number | null>;
  answered_at: Defaulted<string | null>;
  moderation_status: Defaulted<ModerationStatus>;
  /** 0 while held at creation and its `rated` not yet sent (migration 034) */
  announced: Defaulted<number>;
  created_at: string;
  updated_at: string;
}

export type RatingRow = Selectable<RatingsTable>;
